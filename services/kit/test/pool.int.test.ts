// A pool survives the server ending one of its idle connections (a PostgreSQL restart, a terminated
// backend): the error is reported, not thrown at the process, and the next query gets a new connection.
import { createPool } from '../src';

const URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/syndict_test';

test('when the server ends an idle connection, then the pool reports it and the next query still answers', async () => {
  const reported: Error[] = [];
  const name = `pool-test-${process.pid}-${Date.now()}`;
  const pool = createPool(URL, { application_name: name }, (err) => reported.push(err));
  const admin = createPool(URL);
  try {
    expect((await pool.query<{ one: number }>('SELECT 1 AS one')).rows[0]?.one).toBe(1);
    const { rows } = await admin.query<{ ended: boolean }>(
      'SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE application_name = $1',
      [name],
    );
    expect(rows).toEqual([{ ended: true }]);
    const deadline = Date.now() + 5_000;
    while (reported.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(reported.map((e) => (e as Error & { code?: string }).code)).toEqual(['57P01']);
    expect((await pool.query<{ one: number }>('SELECT 1 AS one')).rows[0]?.one).toBe(1);
  } finally {
    await pool.end();
    await admin.end();
  }
});
