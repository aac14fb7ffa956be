// /internal/users/*: the contact lookups other services (billing) make off the hot path.
import { joinedMember, post, startAccount, uid, type Member, type Running } from './support';

let run: Running;
let member: Member;
const tag = uid();

beforeAll(async () => {
  run = await startAccount();
  member = await joinedMember(run, { name: `내부${tag}` });
});
afterAll(async () => {
  await run?.svc.stop();
});

describe('internal user directory', () => {
  test('when billing looks up ids, then it gets each live member’s email and name and nothing for unknown ids', async () => {
    const res = await post(run, '/internal/users/lookup', { ids: [member.id, 987654321] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ users: [{ id: member.id, email: member.email, name: `내부${tag}` }] });
  });

  test('when billing searches by a name fragment, then the member’s id is found; LIKE wildcards are literal', async () => {
    const found = await post(run, '/internal/users/search', { column: 'name', keyword: tag });
    expect(found.body.ids).toEqual([member.id]);
    const wildcard = await post(run, '/internal/users/search', { column: 'email', keyword: '%' });
    expect(wildcard.body.ids).toEqual([]);
  });

  test('when the request is malformed, then 400 in the error shape', async () => {
    const res = await post(run, '/internal/users/lookup', { ids: ['1 OR 1=1'] });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(true);
    const col = await post(run, '/internal/users/search', { column: 'password_hash', keyword: 'a' });
    expect(col.status).toBe(400);
  });
});
