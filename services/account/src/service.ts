import path from 'node:path';
import { defineService } from '@syn/kit';
import { TOPICS } from '@syn/proto';
import { createAccountApp } from './app';
import { configShape, loadConfig } from './config';
import { startPassConsumer } from './events/passes';

/** The account service: users, sessions and device keys (schema `account`, sessions in Redis). */
export const accountService = defineService({
  name: 'account',
  configShape,
  loadConfig,
  stores: {
    postgres: { schema: 'account', migrationsDir: path.resolve(__dirname, '../migrations') },
    redis: true,
    mail: true,
  },
  produces: [TOPICS.account],
  build: (deps) => ({
    app: createAccountApp(deps),
    consumers: async () => [await startPassConsumer(deps)],
  }),
});
