// /internal/users/*: the contact lookups other services (billing) make off the hot path.
import { joinedMember, post as postAs, startAccount, uid, type Member, type Running } from './support';

/** As the billing service calls: signed under its own name (kit identity.ts). */
const post = (r: Running, path: string, body: unknown) => postAs(r, path, body, { issuer: 'billing' });

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

  test('when the caller is not another service, then 401 and nothing is read', async () => {
    const body = { ids: [member.id] };
    for (const opts of [{ unsigned: true }, {}, { headers: { 'x-identity-signature': 'v1.billing.1.forged' } }]) {
      const res = await postAs(run, '/internal/users/lookup', body, opts);
      expect(res).toEqual({
        status: 401,
        body: { error: true, message: '요청한 사용자를 확인할 수 없습니다.' },
        setCookie: [],
      });
    }
  });

  test('when the request is malformed, then 400 in the error shape', async () => {
    const res = await post(run, '/internal/users/lookup', { ids: ['1 OR 1=1'] });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(true);
    const col = await post(run, '/internal/users/search', { column: 'password_hash', keyword: 'a' });
    expect(col.status).toBe(400);
  });
});
