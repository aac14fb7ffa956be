import {
  checks,
  createApp,
  MongoOutboxRelay,
  type RunningConsumer,
  type ServiceDefinition,
  type ServiceDeps,
} from '@syn/kit';
import { TOPICS } from '@syn/proto';
import { Router } from 'express';
import type { Connection } from 'mongoose';
import { dictionaryUrlOf, wordbookConfigShape, type WordbookConfig } from './config';
import { DictionaryClient } from './dictionary/client';
import { startWithdrawalConsumer } from './events/withdrawn';
import { wordbookRoutes } from './routes/wordbook';
import { ITEMS_COLLECTION, ItemStore } from './store/items';

type Deps = ServiceDeps<WordbookConfig>;

interface Parts {
  mongo: Connection;
  items: ItemStore;
  dictionary: DictionaryClient;
  relay: MongoOutboxRelay | null;
}

// consumers() and app() of one start share these (the runtime calls consumers first).
const partsOf = new WeakMap<Deps, Promise<Parts>>();

function parts(deps: Deps): Promise<Parts> {
  let p = partsOf.get(deps);
  if (!p) {
    p = (async () => {
      const mongo = deps.mongo;
      if (!mongo) throw new Error('wordbook needs MongoDB');
      const items = new ItemStore(mongo);
      await items.ensureIndexes();
      const dictionary = new DictionaryClient({
        baseUrl: dictionaryUrlOf(deps.config),
        timeoutMs: deps.config.DICTIONARY_TIMEOUT_MS,
        headwordTtlMs: deps.config.HEADWORD_CACHE_TTL_MS,
        identitySecret: deps.config.IDENTITY_SECRET,
      });
      const relay =
        deps.config.OUTBOX_RELAY === 'on'
          ? new MongoOutboxRelay({
              connection: mongo,
              collection: ITEMS_COLLECTION,
              producer: deps.producer,
              log: deps.log,
              topics: [deps.topicPrefix + TOPICS.wordbook],
            })
          : null;
      return { mongo, items, dictionary, relay };
    })();
    partsOf.set(deps, p);
  }
  return p;
}

/** The wordbook service: members' saved words in MongoDB (mongoose). */
export const wordbookService: ServiceDefinition<typeof wordbookConfigShape> = {
  name: 'wordbook',
  defaultPort: 4003,
  mongo: true,
  configShape: wordbookConfigShape,
  produces: [TOPICS.wordbook],
  consumers: async (deps) => {
    const { mongo, items, relay } = await parts(deps);
    const withdrawn = await startWithdrawalConsumer({
      kafka: deps.kafka,
      connection: mongo,
      items,
      topicPrefix: deps.topicPrefix,
      log: deps.log,
    });
    relay?.start();
    // The runtime stops consumers before it disconnects the producer and closes MongoDB:
    // the relay stops at the same step, so it never sends on a closed producer.
    const running: RunningConsumer = {
      ...withdrawn,
      stop: async () => {
        await relay?.stop();
        await withdrawn.stop();
      },
    };
    return [running];
  },
  app: async (deps) => {
    const { mongo, items, dictionary, relay } = await parts(deps);
    return createApp({
      service: 'wordbook',
      log: deps.log,
      identitySecret: deps.config.IDENTITY_SECRET,
      bodyLimit: deps.config.BODY_LIMIT,
      health: { mongo: checks.mongo(mongo) },
      routes: (app) => {
        const router = Router();
        wordbookRoutes(router, {
          items,
          dictionary,
          topicPrefix: deps.topicPrefix,
          onSaved: () => relay?.wake(),
        });
        app.use(router);
      },
    });
  },
};

/** The relay of a started service (tests drain it to see published events). */
export async function relayOf(deps: Deps): Promise<MongoOutboxRelay | null> {
  return (await parts(deps)).relay;
}
