// One real request per server: "healthy" means it answers its own protocol, not just that a port is open.
import { Kafka, logLevel } from 'kafkajs';
import mongoose from 'mongoose';
import { Client as PgClient } from 'pg';
import { createClient } from 'redis';

async function withTimeout<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

async function httpOk(url: string, timeoutMs = 3000): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
}

export async function kafkaHealthy(broker: string): Promise<boolean> {
  const admin = new Kafka({
    clientId: 'infra-probe',
    brokers: [broker],
    connectionTimeout: 1500,
    requestTimeout: 3000,
    retry: { retries: 0 },
    logLevel: logLevel.NOTHING,
  }).admin();
  try {
    await withTimeout(5000, admin.connect());
    const cluster = await withTimeout(5000, admin.describeCluster());
    // A controller id means the KRaft quorum has elected itself and the broker serves metadata.
    return cluster.brokers.length > 0 && cluster.controller !== null && cluster.controller >= 0;
  } catch {
    return false;
  } finally {
    await admin.disconnect().catch(() => undefined);
  }
}

export function elasticsearchHealthy(baseUrl: string): Promise<boolean> {
  // GET / answers 405 on the integ-test distribution (no rest-root module): ask the cluster instead.
  return httpOk(`${baseUrl}/_cluster/health?wait_for_status=yellow&timeout=2s`, 5000);
}

export async function mongoHealthy(url: string): Promise<boolean> {
  const client = new mongoose.mongo.MongoClient(url, {
    serverSelectionTimeoutMS: 2000,
    connectTimeoutMS: 2000,
    directConnection: true,
  });
  try {
    await client.connect();
    const answer = await client.db('admin').command({ ping: 1 });
    return answer.ok === 1;
  } catch {
    return false;
  } finally {
    await client.close().catch(() => undefined);
  }
}

export function maildevHealthy(webUrl: string): Promise<boolean> {
  return httpOk(`${webUrl}/email`);
}

export async function postgresHealthy(url: string): Promise<boolean> {
  const client = new PgClient({ connectionString: url, connectionTimeoutMillis: 2000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function redisHealthy(url: string): Promise<boolean> {
  const client = createClient({ url, socket: { connectTimeout: 2000, reconnectStrategy: false } });
  client.on('error', () => undefined);
  try {
    await withTimeout(3000, client.connect());
    return (await withTimeout(3000, client.ping())) === 'PONG';
  } catch {
    return false;
  } finally {
    if (client.isOpen) await client.quit().catch(() => undefined);
  }
}

/** Creates each database that does not exist yet (the machine's PostgreSQL, trust auth). */
export async function ensureDatabases(url: string, names: string[]): Promise<string[]> {
  const client = new PgClient({ connectionString: url, connectionTimeoutMillis: 5000 });
  const created: string[] = [];
  await client.connect();
  try {
    for (const name of names) {
      const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount) continue;
      try {
        await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
        created.push(name);
      } catch (err) {
        // Another `infra:up` may have created it a moment ago.
        if ((err as { code?: string }).code !== '42P04') throw err;
      }
    }
  } finally {
    await client.end();
  }
  return created;
}

/** The postmaster's pid (for `status`), read from the server itself. */
export async function postgresPid(url: string): Promise<number | undefined> {
  const client = new PgClient({ connectionString: url, connectionTimeoutMillis: 2000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const res = await client.query<{ pid: string }>("SELECT pg_read_file('postmaster.pid', 0, 16) AS pid");
    const pid = Number(res.rows[0]?.pid.split('\n')[0]);
    return Number.isInteger(pid) ? pid : undefined;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function redisPid(url: string): Promise<number | undefined> {
  const client = createClient({ url, socket: { connectTimeout: 2000, reconnectStrategy: false } });
  client.on('error', () => undefined);
  try {
    await withTimeout(3000, client.connect());
    const info = await withTimeout(3000, client.info('server'));
    const m = /process_id:(\d+)/.exec(info);
    return m?.[1] ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  } finally {
    if (client.isOpen) await client.quit().catch(() => undefined);
  }
}
