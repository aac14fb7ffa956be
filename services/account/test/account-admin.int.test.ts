// /api/sys/* member management, the member recipient search, and the seeded administrator.
import { ACCOUNT_MESSAGES as M } from '@syn/kit/rules';
import { MESSAGES } from '@syn/kit';
import { TEXT } from '../src/domain/messages';
import { seedAdmin } from '../src/jobs/seed';
import { joinedMember, login, newEmail, post, startAccount, uid, type Member, type Running } from './support';

// jest ignores testTimeout inside `projects`; real servers need more than the 5 s default.
jest.setTimeout(60_000);

let run: Running;
let admin: Member;
const ADMIN_PASSWORD = 'admin password 1';

beforeAll(async () => {
  run = await startAccount({ MEMBER_SEARCH_PER_MINUTE: '4' });
  const email = newEmail('admin');
  const result = await seedAdmin(run.svc.deps.pool!, { NODE_ENV: 'test', ADMIN_EMAIL: email, ADMIN_PASSWORD });
  expect(result).toEqual({ email, created: true });
  admin = await login(run, email, ADMIN_PASSWORD);
});
afterAll(async () => {
  await run?.svc.stop();
});

const pool = () => run.svc.deps.pool!;

describe('seeded administrator', () => {
  test('when seeded, then it signs in with grade 0; seeding again changes nothing', async () => {
    expect(admin.as.grade).toBe(0);
    expect((admin.loginBody.user as { grade: number }).grade).toBe(0);
    expect(
      await seedAdmin(pool(), { NODE_ENV: 'test', ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: 'other password' }),
    ).toEqual({
      email: admin.email,
      created: false,
    });
    await login(run, admin.email, ADMIN_PASSWORD);
  });

  test('when no password is given, then a random one is printed once to stdout and works', async () => {
    const email = newEmail('admin');
    const printed: string[] = [];
    const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      printed.push(String(chunk));
      return true;
    });
    try {
      expect(await seedAdmin(pool(), { NODE_ENV: 'test', ADMIN_EMAIL: email })).toEqual({ email, created: true });
    } finally {
      write.mockRestore();
    }
    const password = /Generated password \(shown once\): (\S+)/.exec(printed.join(''))?.[1];
    expect(password).toBeDefined();
    expect(password!.length).toBeGreaterThanOrEqual(16);
    await login(run, email, password!);
  });

  test('when NODE_ENV is production without a pepper, then seeding refuses', async () => {
    await expect(
      seedAdmin(pool(), { NODE_ENV: 'production', ADMIN_EMAIL: newEmail('admin'), ADMIN_PASSWORD }),
    ).rejects.toThrow(/PASSWORD_PEPPER/);
  });
});

describe('admin member list', () => {
  test('when an admin searches by name, then rows, totals and filters come back', async () => {
    const tag = uid();
    const a = await joinedMember(run, { name: `검색${tag}가` });
    const b = await joinedMember(run, { name: `검색${tag}나` });
    await pool().query(
      `INSERT INTO account.passes (pass_id, user_id, item_id, status, start_date, end_date, event_time)
       VALUES ($1, $2, 6, 'START', now(), now() + interval '30 days', now())`,
      [Math.floor(Math.random() * 1e9), b.id],
    );
    const res = await post(
      run,
      '/api/sys/searchUserItems',
      { userStatus: 'ALL', userCol: 'name', searchName: tag, pageSize: 10, pageNum: 0 },
      { as: admin.as },
    );
    expect(res.status).toBe(200);
    expect(res.body.searchTotal).toBe(2);
    expect(res.body.userTotal).toEqual((res.body.paidTotal as number) + (res.body.freeTotal as number));
    const datas = res.body.datas as Record<string, unknown>[];
    expect(datas.map((d) => d.ID)).toEqual([b.id, a.id]);
    expect(datas[0]).toEqual({
      ID: b.id,
      USEREMAIL: b.email,
      USERNAME: `검색${tag}나`,
      PHONENUMBER: '01012345678',
      STATUS: 'START',
      CREATED_DATE: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      CHECK_EMAIL: 'T',
    });
    expect(datas[1]?.STATUS).toBe('NONE');

    const basic = await post(
      run,
      '/api/sys/searchUserItems',
      { userStatus: 'BASIC', userCol: 'name', searchName: tag },
      { as: admin.as },
    );
    expect((basic.body.datas as { ID: number }[]).map((d) => d.ID)).toEqual([b.id]);
    const free = await post(
      run,
      '/api/sys/searchUserItems',
      { userStatus: 'FREE', userCol: 'name', searchName: tag },
      { as: admin.as },
    );
    expect((free.body.datas as { ID: number }[]).map((d) => d.ID)).toEqual([a.id]);
    const page2 = await post(
      run,
      '/api/sys/searchUserItems',
      { userCol: 'name', searchName: tag, pageSize: 1, pageNum: 1 },
      { as: admin.as },
    );
    expect((page2.body.datas as { ID: number }[]).map((d) => d.ID)).toEqual([a.id]);
    const byEmail = await post(
      run,
      '/api/sys/searchUserItems',
      { userCol: 'email', searchName: a.email },
      { as: admin.as },
    );
    expect((byEmail.body.datas as { ID: number }[]).map((d) => d.ID)).toEqual([a.id]);
  });

  test('when an admin opens, updates and deletes a member, then each takes effect', async () => {
    const m = await joinedMember(run);
    const detail = await post(run, '/api/sys/selectUserItems', { userId: m.id }, { as: admin.as });
    expect(detail.body.data).toMatchObject({
      ID: m.id,
      USEREMAIL: m.email,
      CHECK_EMAIL: 'T',
      GRADE: 1,
      STATUS: 'NONE',
    });

    expect((await post(run, '/api/sys/updateUserItem', { userCheckEmail: 'T' }, { as: admin.as })).body.message).toBe(
      M.adminUserInvalid,
    );
    const upd = await post(run, '/api/sys/updateUserItem', { userId: m.id, userCheckEmail: 'F' }, { as: admin.as });
    expect(upd).toMatchObject({ status: 200, body: { message: TEXT.adminUserUpdated } });
    expect((await post(run, '/api/sys/selectUserItems', { userId: m.id }, { as: admin.as })).body.data).toMatchObject({
      CHECK_EMAIL: 'F',
    });
    expect((await post(run, '/api/user/login', { email: m.email, password: m.password })).status).toBe(403);

    const promote = await post(
      run,
      '/api/sys/updateUserItem',
      { userId: m.id, userCheckEmail: 'T', grade: 0 },
      { as: admin.as },
    );
    expect(promote.status).toBe(200);
    expect(await run.svc.deps.redis!.get(`session:${m.as.sessionHash}`)).toBeNull(); // grade change ends sessions
    const again = await login(run, m.email, m.password);
    expect(again.as.grade).toBe(0);
    const self = await post(
      run,
      '/api/sys/updateUserItem',
      { userId: admin.id, userCheckEmail: 'T', grade: 1 },
      { as: admin.as },
    );
    expect(self).toMatchObject({ status: 400, body: { message: TEXT.adminSelf } });

    const del = await post(run, '/api/sys/deleteUserItem', { userId: m.id }, { as: admin.as });
    expect(del).toMatchObject({ status: 200, body: { message: TEXT.adminUserDeleted } });
    const { rows } = await pool().query('SELECT email, name FROM account.users WHERE id = $1', [m.id]);
    expect(rows).toEqual([{ email: `withdrawn-${m.id}@invalid`, name: '' }]);
    expect((await post(run, '/api/sys/selectUserItems', { userId: m.id }, { as: admin.as })).status).toBe(404);
    expect((await post(run, '/api/sys/deleteUserItem', { userId: m.id }, { as: admin.as })).status).toBe(404);
  });

  test('when a member calls the admin-only paths, then they are refused with 403', async () => {
    const m = await joinedMember(run);
    for (const path of ['/api/sys/selectUserItems', '/api/sys/updateUserItem', '/api/sys/deleteUserItem']) {
      const res = await post(run, path, { userId: m.id, userCheckEmail: 'T', grade: 0 }, { as: m.as });
      expect(res).toMatchObject({ status: 403, body: { error: true, message: MESSAGES.adminRequired } });
    }
    expect((await post(run, '/api/sys/searchUserItems', { searchName: 'ab' })).status).toBe(401);
  });
});

describe('member recipient search (coupon gift)', () => {
  test('when a member looks up a recipient, then only a confirmed exact address is found, masked; names, parts and floods are refused', async () => {
    const tag = uid();
    const me = await joinedMember(run, { name: `나${tag}` });
    const friend = await joinedMember(run, { name: `김${tag}수` });

    const short = await post(run, '/api/sys/searchUserItems', { userCol: 'name', searchName: 'a' }, { as: me.as });
    expect(short).toMatchObject({ status: 400, body: { message: M.searchNameShort } });
    // A name would list strangers (and homonyms): the sender types the friend's address.
    const byName = await post(run, '/api/sys/searchUserItems', { userCol: 'name', searchName: tag }, { as: me.as });
    expect(byName).toMatchObject({ status: 400, body: { message: TEXT.memberSearchEmailOnly } });

    const res = await post(
      run,
      '/api/sys/searchUserItems',
      { userCol: 'email', searchName: friend.email, pageSize: 50, pageNum: 0 },
      { as: me.as },
    );
    expect(res.status).toBe(200);
    expect(res.body.searchTotal).toBe(1);
    expect(res.body).not.toHaveProperty('userTotal');
    const datas = res.body.datas as { ID: number; USEREMAIL: string; USERNAME: string }[];
    expect(datas).toHaveLength(1);
    const sample = datas[0]!;
    expect(Object.keys(sample).sort()).toEqual(['ID', 'USEREMAIL', 'USERNAME']);
    expect(sample.ID).toBe(friend.id);
    expect(sample.USEREMAIL).toBe(`${friend.email.slice(0, 2)}***@example.com`);
    expect(sample.USERNAME).toMatch(/^김\*+수$/);
    expect(JSON.stringify(res.body)).not.toContain(friend.email);

    // Part of an address, or the caller's own, finds nobody.
    const part = await post(run, '/api/sys/searchUserItems', { userCol: 'email', searchName: tag }, { as: me.as });
    expect(part).toMatchObject({ status: 200, body: { datas: [], searchTotal: 0 } });
    // The limit is 4 a minute in this file: one more passes, the 5th search is refused.
    const self = await post(run, '/api/sys/searchUserItems', { userCol: 'email', searchName: me.email }, { as: me.as });
    expect(self).toMatchObject({ status: 200, body: { datas: [], searchTotal: 0 } });
    expect(
      (await post(run, '/api/sys/searchUserItems', { userCol: 'email', searchName: friend.email }, { as: me.as }))
        .status,
    ).toBe(200);
    const fifth = await post(
      run,
      '/api/sys/searchUserItems',
      { userCol: 'email', searchName: friend.email },
      { as: me.as },
    );
    expect(fifth).toMatchObject({ status: 429, body: { error: true, message: TEXT.tooManyRequests } });
  });
});
