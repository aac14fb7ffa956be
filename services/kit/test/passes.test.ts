// The shared paid-pass projection without servers: what each event asks of it (against proto's
// fixtures, so a producer change that breaks the decoding fails here) and the SQL it sends.
import { decodeEnvelope, encodeEnvelope, loadFixtures } from '@syn/proto';
import { PassProjection, passEventStep, type Queryable } from '../src/passes';

const fixtures = loadFixtures();
const wire = (type: string) => {
  const fixture = fixtures.find((f) => f.type === type);
  if (!fixture) throw new Error(`no fixture ${type}`);
  return decodeEnvelope(encodeEnvelope(fixture));
};

/** A query runner that records what it is asked and answers with `rows`. */
function recorder(rows: unknown[] = []): { db: Queryable; calls: Array<{ sql: string; params: unknown[] }> } {
  const calls: Array<{ sql: string; params: unknown[] }> = [];
  const query = (sql: string, params: unknown[] = []) => {
    calls.push({ sql, params });
    return Promise.resolve({ rows, rowCount: rows.length });
  };
  return { db: { query } as unknown as Queryable, calls };
}

describe('passEventStep', () => {
  it('when a PassChanged arrives, then its pass is applied at the time the event occurred', () => {
    expect(passEventStep(wire('billing.PassChanged.v1'))).toEqual({
      kind: 'apply',
      change: {
        passId: 57,
        userId: 1042,
        itemId: 6,
        status: 'START',
        startDate: new Date('2025-03-01T15:00:00Z'),
        endDate: new Date('2025-04-01T15:00:00Z'),
      },
      eventTime: new Date('2025-03-02T01:15:00.120Z'),
    });
  });

  it('when any other event arrives, then it is left to the service', () => {
    const others = fixtures.filter((f) => f.type !== 'billing.PassChanged.v1');
    expect(others.length).toBeGreaterThan(0);
    for (const f of others) expect(passEventStep(decodeEnvelope(encodeEnvelope(f)))).toEqual({ kind: 'other' });
  });
});

describe('PassProjection', () => {
  it('refuses a schema name it could not put in SQL safely', () => {
    expect(() => new PassProjection('dictionary; DROP TABLE x')).toThrow(/invalid schema/);
  });

  it("when a change is applied, then it upserts into the service's own table unless the stored state is newer", async () => {
    const { db, calls } = recorder();
    const at = new Date('2025-03-02T01:15:00Z');
    const change = {
      passId: 57,
      userId: 1042,
      itemId: 6,
      status: 'START',
      startDate: new Date('2025-03-01T15:00:00Z'),
      endDate: new Date('2025-04-01T15:00:00Z'),
    };
    await new PassProjection('dictionary').apply(db, change, at);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.sql).toContain('INSERT INTO dictionary.passes');
    expect(calls[0]?.sql).toMatch(/WHERE dictionary\.passes\.event_time <= EXCLUDED\.event_time/);
    expect(calls[0]?.params).toEqual([57, 1042, 6, 'START', change.startDate, change.endDate, at]);
  });

  it("when a member's passes are read, then rows become plain values; paid-until is the latest START end", async () => {
    const end = new Date('2025-04-01T15:00:00Z');
    const { db, calls } = recorder([
      { pass_id: 57, user_id: 1042, item_id: 6, status: 'START', start_date: null, end_date: end, until: end },
    ]);
    const projection = new PassProjection('account');
    expect(await projection.forUser(db, 1042)).toEqual([
      { passId: 57, userId: 1042, itemId: 6, status: 'START', startDate: null, endDate: end },
    ]);
    expect(await projection.paidUntil(db, 1042)).toEqual(end);
    expect(calls[1]?.sql).toMatch(/FROM account\.passes WHERE user_id = \$1 AND status = 'START'/);
    expect(await projection.paidUntil(recorder([{ until: null }]).db, 1042)).toBeNull();
  });

  it("when a member's passes are deleted, then only that member's rows go", async () => {
    const { db, calls } = recorder();
    await new PassProjection('dictionary').deleteForUser(db, 1042);
    expect(calls).toEqual([{ sql: 'DELETE FROM dictionary.passes WHERE user_id = $1', params: [1042] }]);
  });
});
