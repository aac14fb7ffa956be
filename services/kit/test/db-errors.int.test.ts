// A value that passed validation but does not fit PostgreSQL (found by the hostile-input fuzzer):
// the statement fails, nothing is written, and the client gets 400 in the error shape, not a 500.
import {
  DEVELOPMENT_IDENTITY_SECRET,
  createApp,
  createLogger,
  createPool,
  listen,
  type Pool,
  type RunningServer,
} from '../src';

const DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/syndict_test';

let pool: Pool;
let server: RunningServer;

beforeAll(async () => {
  pool = createPool(DATABASE_URL);
  const app = createApp({
    service: 'test',
    log: createLogger('test', 'silent'),
    identitySecret: DEVELOPMENT_IDENTITY_SECRET,
    health: {},
    routes: (a) => {
      a.post('/int', async (req, res) => {
        const { rows } = await pool.query<{ v: number }>('SELECT $1::int AS v', [(req.body as { v: unknown }).v]);
        res.json(rows[0]);
      });
      a.post('/divide', async (_req, res) => {
        res.json((await pool.query('SELECT 1 / 0 AS v')).rows[0]);
      });
    },
  });
  server = await listen(app, 0);
});

afterAll(async () => {
  await server?.close();
  await pool?.end();
});

const post = (path: string, body: unknown) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

test.each([
  ['out of the int4 range', 2147483648],
  ['not a whole number', 0.5],
  ['not a number at all', '12abc'],
])('when a value is %s for its column, then 400 in the error shape', async (_case, v) => {
  const res = await post('/int', { v });
  expect(res.status).toBe(400);
  expect(await res.json()).toEqual({ error: true, message: '요청 형식이 올바르지 않습니다.' });
});

test('when the value fits, then the query answers', async () => {
  const res = await post('/int', { v: 2147483647 });
  expect(await res.json()).toEqual({ v: 2147483647 });
});

test('when the database fails for a reason that is not the client’s value, then it stays a 500', async () => {
  const res = await post('/divide', {});
  expect(res.status).toBe(500);
  expect(JSON.stringify(await res.json())).not.toMatch(/division|Error/);
});
