// Connection settings for the integration tests: the environment, else the local defaults
// that `npm run infra:up` provides.
import crypto from 'node:crypto';

export const env = {
  kafkaBrokers: (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',').map((b) => b.trim()),
  elasticsearchUrl: process.env.ELASTICSEARCH_URL ?? 'http://127.0.0.1:9200',
  /** The tests' own database, never the developer's `syndict`. */
  databaseUrl:
    process.env.TEST_DATABASE_URL ??
    testDatabase(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/syndict'),
  redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  mongoUrl: process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017/syndict',
  smtpUrl: process.env.SMTP_URL ?? 'smtp://127.0.0.1:1025',
  maildevUrl: process.env.MAILDEV_URL ?? 'http://127.0.0.1:1080',
};

function testDatabase(url: string): string {
  const u = new URL(url);
  u.pathname = '/syndict_test';
  return u.toString();
}

/** A name no other test run (or developer data) uses. */
export function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${crypto.randomBytes(3).toString('hex')}`;
}
