// Merging a legacy (predecessor service) period: lookup with the legacy password, merge once.
import { createHash } from 'node:crypto';
import { ACCOUNT_MESSAGES as M } from '@syn/kit/rules';
import { decodeEnvelope } from '@syn/proto';
import { TEXT } from '../src/domain/messages';
import { joinedMember, post, startAccount, uid, type Running } from './support';

// jest ignores testTimeout inside `projects`; real servers need more than the 5 s default.
jest.setTimeout(60_000);

let run: Running;
beforeAll(async () => {
  run = await startAccount();
});
afterAll(async () => {
  await run?.svc.stop();
});

const pool = () => run.svc.deps.pool!;

/** Builder: a legacy member with periods given as [days from today to start, to end, CURSTAT, TRANSFER]. */
async function legacyMember(periods: [number, number, 'Y' | 'N', 'Y' | null][], password = 'legacy pw 1') {
  const id = `old${uid()}`;
  const salt = uid();
  const sha = createHash('sha256')
    .update(salt + password)
    .digest('hex');
  await pool().query('INSERT INTO legacy.members (legacy_id, password_salt, password_sha256) VALUES ($1, $2, $3)', [
    id,
    salt,
    sha,
  ]);
  for (const [s, e, cur, tr] of periods) {
    await pool().query(
      `INSERT INTO legacy.pay_history (legacy_id, sdate, edate, curstat, transfer)
       VALUES ($1, current_date + $2::int, current_date + $3::int, $4, $5)`,
      [id, s, e, cur, tr],
    );
  }
  return { id, password };
}

describe('legacy period merge', () => {
  test('when the legacy password is right, then history is shown and merging grants the days once', async () => {
    const m = await joinedMember(run);
    const old = await legacyMember([
      [-400, -35, 'N', null],
      [-200, 90, 'Y', null],
    ]);
    expect(
      (await post(run, '/api/user/searchPrevUserInfo', { userId: '', userPw: 'x' }, { as: m.as })).body.message,
    ).toBe(M.legacyIdRequired);
    expect(
      (await post(run, '/api/user/searchPrevUserInfo', { userId: old.id, userPw: '' }, { as: m.as })).body.message,
    ).toBe(M.legacyPasswordRequired);
    const wrong = await post(run, '/api/user/searchPrevUserInfo', { userId: old.id, userPw: 'wrong' }, { as: m.as });
    expect(wrong).toMatchObject({ status: 400, body: { message: TEXT.legacyNotFound } });
    // Merging without a successful lookup is refused.
    const early = await post(
      run,
      '/api/user/combinePrevUserInfo',
      { userId: m.id, prevUserId: old.id, remainedDay: 9999 },
      { as: m.as },
    );
    expect(early).toMatchObject({ status: 400, body: { message: TEXT.legacyNotLoaded } });

    const found = await post(
      run,
      '/api/user/searchPrevUserInfo',
      { userId: old.id, userPw: old.password },
      { as: m.as },
    );
    expect(found.status).toBe(200);
    const items = (found.body.results as { payHistoryItems: Record<string, unknown>[] }).payHistoryItems;
    expect(items).toHaveLength(2);
    expect(items[1]).toEqual({
      SDATE: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
      EDATE: expect.any(String),
      CURSTAT: 'Y',
      TRANSFER: null,
    });
    expect(found.body.remainedDay).toBe(90);

    const notAgreed = await post(
      run,
      '/api/user/combinePrevUserInfo',
      { userId: m.id, prevUserId: old.id, agreement: 'F' },
      { as: m.as },
    );
    expect(notAgreed.body.message).toBe(M.legacyAgreement);
    // The client's remainedDay is ignored: the server recomputes it.
    const merged = await post(
      run,
      '/api/user/combinePrevUserInfo',
      { userId: m.id, prevUserId: old.id, remainedDay: 9999, agreement: 'T' },
      { as: m.as },
    );
    expect(merged).toMatchObject({
      status: 200,
      body: { message: TEXT.legacyMerged, remainedDay: 90, bonusMonths: 1 },
    });
    const { rows } = await pool().query(
      'SELECT legacy_id, remaining_days, bonus_months FROM account.legacy_merges WHERE user_id = $1',
      [m.id],
    );
    expect(rows).toEqual([{ legacy_id: old.id, remaining_days: 90, bonus_months: 1 }]);
    const { rows: history } = await pool().query(
      'SELECT curstat, transfer FROM legacy.pay_history WHERE legacy_id = $1 ORDER BY sdate',
      [old.id],
    );
    expect(history).toEqual([
      { curstat: 'N', transfer: null },
      { curstat: 'Y', transfer: 'Y' },
    ]);

    // Once only: a second lookup shows TRANSFER Y and nothing left; a second merge is refused.
    const again = await post(
      run,
      '/api/user/searchPrevUserInfo',
      { userId: old.id, userPw: old.password },
      { as: m.as },
    );
    expect(again.body.remainedDay).toBe(0);
    const twice = await post(run, '/api/user/combinePrevUserInfo', { userId: m.id, prevUserId: old.id }, { as: m.as });
    expect(twice).toMatchObject({ status: 400, body: { message: TEXT.legacyNothingToConvert } });
  });

  test('when a legacy account has only expired or merged periods, then there is nothing to convert; another member cannot merge it', async () => {
    const m = await joinedMember(run);
    const expired = await legacyMember([[-800, -435, 'N', null]]);
    await post(run, '/api/user/searchPrevUserInfo', { userId: expired.id, userPw: expired.password }, { as: m.as });
    const none = await post(
      run,
      '/api/user/combinePrevUserInfo',
      { userId: m.id, prevUserId: expired.id },
      { as: m.as },
    );
    expect(none).toMatchObject({ status: 400, body: { message: TEXT.legacyNothingToConvert } });

    const done = await legacyMember([[-100, 265, 'Y', 'Y']]);
    await post(run, '/api/user/searchPrevUserInfo', { userId: done.id, userPw: done.password }, { as: m.as });
    expect(
      (await post(run, '/api/user/combinePrevUserInfo', { userId: m.id, prevUserId: done.id }, { as: m.as })).body
        .message,
    ).toBe(TEXT.legacyNothingToConvert);

    const foreign = await post(
      run,
      '/api/user/combinePrevUserInfo',
      { userId: m.id + 1, prevUserId: done.id },
      { as: m.as },
    );
    expect(foreign.body.message).toBe(M.userInvalid);
  });
  test('when a period is merged, then LegacyPeriodMerged is written to the outbox once, in the merge transaction', async () => {
    const m = await joinedMember(run);
    const old = await legacyMember([[-10, 40, 'Y', null]]);
    const merges = async () => {
      const { rows } = await pool().query<{ payload: Buffer }>('SELECT payload FROM account.outbox WHERE key = $1', [
        String(m.id),
      ]);
      return rows.map((r) => decodeEnvelope(r.payload)).filter((e) => e.event.case === 'legacyPeriodMerged');
    };
    expect(await merges()).toEqual([]);
    await post(run, '/api/user/searchPrevUserInfo', { userId: old.id, userPw: old.password }, { as: m.as });
    const merged = await post(run, '/api/user/combinePrevUserInfo', { userId: m.id, prevUserId: old.id }, { as: m.as });
    expect(merged.status).toBe(200);
    const [event, ...more] = await merges();
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      type: 'account.LegacyPeriodMerged.v1',
      key: String(m.id),
      event: { case: 'legacyPeriodMerged', value: { userId: m.id, remainingDays: 40, bonusMonths: 1 } },
    });
    // A refused second merge publishes nothing.
    await post(run, '/api/user/searchPrevUserInfo', { userId: old.id, userPw: old.password }, { as: m.as });
    await post(run, '/api/user/combinePrevUserInfo', { userId: m.id, prevUserId: old.id }, { as: m.as });
    expect(await merges()).toHaveLength(1);
  });
});
