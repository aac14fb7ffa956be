import { Client } from '@elastic/elasticsearch';
import { env, uniqueName } from './env';

describe('Elasticsearch (local single node)', () => {
  const es = new Client({ node: env.elasticsearchUrl, requestTimeout: 10_000, maxRetries: 1 });
  const index = uniqueName('deploy-int');

  afterAll(async () => {
    await es.indices.delete({ index }, { ignore: [404] }).catch(() => undefined);
    await es.close();
  });

  it('when headwords are bulk indexed, then a term and a prefix search find them', async () => {
    await es.indices.create({
      index,
      settings: { number_of_shards: 1, number_of_replicas: 0 },
      mappings: {
        properties: {
          word: { type: 'keyword' },
          prefixes: { type: 'keyword' },
          gloss: { type: 'text' },
          frequency: { type: 'integer' },
        },
      },
    });
    const health = await es.cluster.health({ index, wait_for_status: 'green', timeout: '10s' });
    expect(health.status).toBe('green');

    const docs = [
      { word: '사랑', prefixes: ['사', '사랑'], gloss: 'love', frequency: 10 },
      { word: '사람', prefixes: ['사', '사람'], gloss: 'person', frequency: 5 },
      { word: '바다', prefixes: ['바', '바다'], gloss: 'sea', frequency: 7 },
    ];
    const bulk = await es.bulk({
      refresh: 'wait_for',
      operations: docs.flatMap((d) => [{ index: { _index: index } }, d]),
    });
    expect(bulk.errors).toBe(false);

    const exact = await es.search<{ word: string }>({ index, query: { term: { word: '사랑' } } });
    expect(exact.hits.hits.map((h) => h._source?.word)).toEqual(['사랑']);

    const prefix = await es.search<{ word: string }>({
      index,
      query: { term: { prefixes: '사' } },
      sort: [{ frequency: 'desc' }],
    });
    expect(prefix.hits.hits.map((h) => h._source?.word)).toEqual(['사랑', '사람']);
    expect(await es.count({ index })).toMatchObject({ count: 3 });
  });
});
