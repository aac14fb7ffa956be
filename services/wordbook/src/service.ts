import { checks, createApp, defineService, MongoOutboxRelay, type RunningConsumer } from '@syn/kit';
import { TOPICS } from '@syn/proto';
import { Router } from 'express';
import { DictionaryClient } from './adapters/dictionary';
import { configShape, dictionaryUrlsOf, loadConfig } from './config';
import { startWithdrawalConsumer } from './events/withdrawn';
import { wordbookRoutes } from './routes/wordbook';
import { ITEMS_COLLECTION, ItemStore } from './store/items';

/** The wordbook service: members' saved words in MongoDB (mongoose). */
export const wordbookService = defineService({
  name: 'wordbook',
  configShape,
  loadConfig,
  stores: { mongo: true },
  produces: [TOPICS.wordbook],
  build: async ({ config, log, kafka, producer, topicPrefix, mongo }) => {
    const items = new ItemStore(mongo);
    await items.ensureIndexes();
    const dictionary = new DictionaryClient({
      baseUrls: dictionaryUrlsOf(config),
      timeoutMs: config.DICTIONARY_TIMEOUT_MS,
      headwordTtlMs: config.HEADWORD_CACHE_TTL_MS,
      identitySecret: config.IDENTITY_SECRET,
    });
    // The pending events stored on saved items; tests drain it to see what was published.
    const relay =
      config.OUTBOX_RELAY === 'on'
        ? new MongoOutboxRelay({
            connection: mongo,
            collection: ITEMS_COLLECTION,
            producer,
            log,
            topics: [topicPrefix + TOPICS.wordbook],
          })
        : null;
    const app = createApp({
      service: 'wordbook',
      log,
      identitySecret: config.IDENTITY_SECRET,
      bodyLimit: config.BODY_LIMIT,
      health: { mongo: checks.mongo(mongo) },
      routes: (app) => {
        const router = Router();
        wordbookRoutes(router, { items, dictionary, topicPrefix, onSaved: () => relay?.wake() });
        app.use(router);
      },
    });
    const consumers = async (): Promise<RunningConsumer[]> => [
      await startWithdrawalConsumer({ kafka, connection: mongo, items, topicPrefix, log }),
    ];
    // The runtime stops jobs before it disconnects the producer and closes MongoDB, so the relay
    // never sends on a closed producer.
    const jobs = relay ? [{ name: 'outbox relay', start: () => relay.start(), stop: () => relay.stop() }] : [];
    return { app, consumers, jobs, relay };
  },
});
