// Connections to the stores, each with the check `/health` uses.
import { Client as ElasticClient } from '@elastic/elasticsearch';
import mongoose, { type Connection } from 'mongoose';
import nodemailer, { type Transporter } from 'nodemailer';
import { createClient, type RedisClientType } from 'redis';
import type { Pool } from 'pg';
import type { Logger } from './logger';

export type Redis = RedisClientType;

export async function connectRedis(url: string, log: Logger): Promise<Redis> {
  const client: Redis = createClient({
    url,
    socket: { reconnectStrategy: (retries) => Math.min(retries * 100, 2_000), connectTimeout: 3_000 },
  });
  client.on('error', (err: unknown) => log.warn({ err }, 'redis connection error'));
  await client.connect();
  return client;
}

export async function connectMongo(url: string): Promise<Connection> {
  // No serverApi: the local MongoDB-wire server reports wire version 8 (see ARCHITECTURE.md).
  // autoIndex/autoCreate off: services build their indexes once, awaited, at start. Mongoose's
  // background build raced that explicit one, and the MongoDB-wire server rejects a collection
  // created twice at the same moment ("already existed in system.namespaces").
  const conn = mongoose.createConnection(url, { serverSelectionTimeoutMS: 5_000, autoIndex: false, autoCreate: false });
  await conn.asPromise();
  return conn;
}

export function createElastic(url: string): ElasticClient {
  return new ElasticClient({ node: url, requestTimeout: 30_000, maxRetries: 2 });
}

export function createMailer(smtpUrl: string): Transporter {
  return nodemailer.createTransport(smtpUrl);
}

export const checks = {
  postgres: (pool: Pool) => async () => {
    await pool.query('SELECT 1');
  },
  redis: (redis: Redis) => async () => {
    if ((await redis.ping()) !== 'PONG') throw new Error('redis did not answer PONG');
  },
  mongo: (conn: Connection) => async () => {
    const db = conn.db;
    if (!db) throw new Error('mongo not connected');
    await db.admin().command({ ping: 1 });
  },
  // The local integ-test Elasticsearch has no rest-root module: GET / is 405, so use cluster health.
  elastic: (es: ElasticClient) => async () => {
    const h = await es.cluster.health({ timeout: '2s' });
    if (h.status === 'red') throw new Error('elasticsearch cluster is red');
  },
};
