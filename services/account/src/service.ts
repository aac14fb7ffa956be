import path from 'node:path';
import type { LegacyServiceDefinition } from '@syn/kit';
import { TOPICS } from '@syn/proto';
import { createAccountApp } from './app';
import { accountConfigShape } from './config';
import { startPassConsumer } from './events/passes';

/** The account service: users, sessions and device keys (schema `account`, sessions in Redis). */
export const accountService: LegacyServiceDefinition<typeof accountConfigShape> = {
  name: 'account',
  defaultPort: 4001,
  configShape: accountConfigShape,
  postgres: { schema: 'account', migrationsDir: path.resolve(__dirname, '../migrations') },
  redis: true,
  mail: true,
  produces: [TOPICS.account],
  app: ({ log, pool, redis, mailer, config, schema, topicPrefix }) => {
    if (!pool || !redis || !mailer || !schema) throw new Error('account service needs postgres, redis and mail');
    return createAccountApp({ log, pool, redis, mailer, schema, topicPrefix, config });
  },
  consumers: async ({ kafka, pool, schema, topicPrefix, log }) => {
    if (!pool || !schema) throw new Error('account service needs postgres');
    return [await startPassConsumer({ kafka, pool, schema, topicPrefix, log })];
  },
};
