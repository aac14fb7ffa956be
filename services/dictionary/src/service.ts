import path from 'node:path';
import { Router } from 'express';
import { checks, createApp, defineService, passChangeChannel, PgListener } from '@syn/kit';
import { TOPICS } from '@syn/proto';
import { configShape, loadConfig } from './config';
import { startPassConsumer } from './events/passes';
import { UsageFacts } from './events/publish';
import { DatasetInfoCache, datasetRoutes } from './routes/dataset';
import { externalLinkRoutes } from './routes/externalLink';
import { internalRoutes } from './routes/internal';
import { searchRoutes } from './routes/search';
import { loadDefaultIfEmpty } from './store/defaults';
import { AliasWatcher } from './store/indices';
import { PassStore } from './store/passes';
import { HeadwordReader } from './store/reader';

/**
 * The dictionary service: headwords and relations in Elasticsearch (alias DICTIONARY_ALIAS);
 * the outbox, link clicks and the paid-pass projection in schema `dictionary`; session
 * history in Redis.
 */
export const dictionaryService = defineService({
  name: 'dictionary',
  configShape,
  loadConfig,
  stores: {
    postgres: { schema: 'dictionary', migrationsDir: path.resolve(__dirname, '../migrations') },
    elastic: true,
    redis: true,
  },
  produces: [TOPICS.dictionary],
  build: async ({ log, kafka, pool, elastic, redis, schema, topicPrefix, config, outboxBuffer }) => {
    const alias = config.DICTIONARY_ALIAS;
    if (config.LOAD_DEFAULT_DATA === 'on') {
      const loaded = await loadDefaultIfEmpty(elastic, { alias });
      if (loaded) log.info({ alias, index: loaded.index, headwords: loaded.imported }, 'loaded the default dataset');
    }
    // Every replica follows the alias itself, so an import or rollback made by any process
    // drops this one's cached answers within a second.
    let watchFailing = false;
    const watcher = new AliasWatcher(elastic, alias, {
      onError: (err) => {
        if (!watchFailing) log.warn({ err, alias }, 'cannot read the dictionary alias');
        watchFailing = true;
      },
    });
    watcher.onChange((index, previous) => {
      watchFailing = false;
      if (previous !== null) log.info({ alias, index, previous }, 'dictionary alias moved: cached answers dropped');
    });
    await watcher.start();
    const reader = new HeadwordReader(elastic, {
      alias,
      maxEntries: config.ANSWER_CACHE_ENTRIES,
      servingIndex: () => watcher.current(),
    });
    const datasetInfo = new DatasetInfoCache(elastic, watcher);
    // The pass projection: the consumer writes it and forgets cached verdicts, the routes read it.
    const passes = new PassStore(pool, schema, config.PASS_CACHE_MS);
    // Another replica's consumer may apply a pass change: its transaction NOTIFYs the member, and this
    // replica forgets them. Listening before HTTP takes requests; a reconnect clears the whole cache.
    const passListener = new PgListener({
      connectionString: config.DATABASE_URL,
      channel: passChangeChannel(schema),
      service: 'dictionary',
      log,
      // The payload is the user id; anything else (a hand-sent NOTIFY) drops every verdict.
      onNotify: (payload) => (/^\d{1,15}$/.test(payload) ? passes.forget(Number(payload)) : passes.clear()),
      onListening: () => passes.clear(),
    });
    await passListener.start();
    const usage = new UsageFacts(outboxBuffer, topicPrefix);
    const app = createApp({
      service: 'dictionary',
      log,
      identitySecret: config.IDENTITY_SECRET,
      bodyLimit: config.BODY_LIMIT,
      health: {
        postgres: checks.postgres(pool),
        elasticsearch: checks.elastic(elastic),
        redis: checks.redis(redis),
      },
      routes: (app) => {
        const router = Router();
        searchRoutes(router, {
          usage,
          redis,
          reader,
          passes,
          nodeEnv: config.NODE_ENV,
        });
        externalLinkRoutes(router, pool, schema, topicPrefix);
        datasetRoutes(router, datasetInfo);
        // Other services only: the gateway routes no /internal path (gateway/src/routes.ts).
        internalRoutes(router, { reader, passes, usage });
        app.use(router);
      },
    });
    return {
      app,
      consumers: async () => [await startPassConsumer({ kafka, pool, schema, topicPrefix, log, passes })],
      closeables: [{ name: passListener.name, close: () => passListener.stop() }],
      passListener,
    };
  },
});
