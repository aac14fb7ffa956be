import { Client } from 'pg';
import { env, uniqueName } from './env';

describe('PostgreSQL (database syndict_test)', () => {
  const client = new Client({ connectionString: env.databaseUrl, connectionTimeoutMillis: 5000 });
  const schema = uniqueName('deploy_int');

  beforeAll(async () => {
    await client.connect();
  });
  afterAll(async () => {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
    await client.end();
  });

  it('when a unique headword is inserted twice, then the second insert fails and a rolled-back write leaves nothing', async () => {
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.query(
      `CREATE TABLE ${schema}.headword (id serial PRIMARY KEY, word text NOT NULL UNIQUE, hanja text)`,
    );
    await client.query(`INSERT INTO ${schema}.headword (word, hanja) VALUES ($1, $2)`, ['사랑', null]);

    await expect(client.query(`INSERT INTO ${schema}.headword (word) VALUES ($1)`, ['사랑'])).rejects.toMatchObject({
      code: '23505',
    });

    await client.query('BEGIN');
    await client.query(`INSERT INTO ${schema}.headword (word, hanja) VALUES ($1, $2)`, ['연모', '戀慕']);
    await client.query('ROLLBACK');

    const rows = await client.query<{ word: string }>(`SELECT word FROM ${schema}.headword ORDER BY id`);
    expect(rows.rows).toEqual([{ word: '사랑' }]);
  });
});
