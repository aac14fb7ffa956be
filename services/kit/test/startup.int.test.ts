// Start-up against Kafka: topics a service creates are usable at once, and a service
// restarted after a crash serves HTTP without waiting for its consumer group to rebalance.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import express from 'express';
import {
  createKafka,
  createLogger,
  ensureTopics,
  startIdempotentConsumer,
  startService,
  defineService,
  loadConfig,
  runtimeShape,
} from '../src';

const BROKERS = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');
const log = createLogger('kit-test', 'silent');
const run = randomBytes(4).toString('hex');

describe('service start-up and Kafka', () => {
  it('when several processes create the same fresh topics at once, then each returns with every partition led', async () => {
    const topics = [0, 1, 2].map((i) => `startup.${run}.topic${i}`);
    await Promise.all([0, 1, 2, 3].map((i) => ensureTopics(createKafka(`creator-${i}`, BROKERS, log), topics)));
    const admin = createKafka('checker', BROKERS, log).admin();
    await admin.connect();
    try {
      const { topics: meta } = await admin.fetchTopicMetadata({ topics });
      expect(meta.map((t) => t.partitions.filter((p) => p.leader >= 0).length)).toEqual([3, 3, 3]);
    } finally {
      await admin.disconnect();
    }
  });

  it('when a service restarts while its dead predecessor still holds its consumer group, then HTTP answers before the group rebalanced', async () => {
    const topic = `startup.${run}.events`;
    const groupId = `startup.${run}.group`;
    await ensureTopics(createKafka('setup', BROKERS, log), [topic]);
    // The predecessor: joins the group, then dies without leaving it (its session lasts 15 s more).
    const member = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(__dirname, 'fixtures/group-member.ts'), topic, groupId],
      {
        env: { ...process.env, KAFKA_BROKERS: BROKERS.join(',') },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    await new Promise<void>((resolve, reject) => {
      member.stdout.on('data', (d: Buffer) => d.toString().includes('joined') && resolve());
      member.once('exit', (code) => reject(new Error(`group member exited early (${code})`)));
    });
    member.kill('SIGKILL');
    await new Promise((r) => member.once('exit', r));

    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const configShape = runtimeShape(port);
    const def = defineService({
      name: 'startup-test',
      configShape,
      loadConfig: (env) => loadConfig(configShape, env),
      stores: {},
      build: ({ kafka }) => ({
        app: express().get('/health', (_req, res) => res.json({ status: 'ok' })),
        consumers: async () => [
          await startIdempotentConsumer({
            kafka,
            // Never used: no message is produced.
            pool: undefined as never,
            schema: 'unused',
            groupId,
            topics: [topic],
            log,
            decode: () => null,
            idOf: () => '',
            handle: async () => undefined,
          }),
        ],
      }),
    });
    const started = Date.now();
    let startedAt = 0;
    const starting = startService(def, {
      PORT: String(port),
      LOG_LEVEL: 'silent',
      KAFKA_BROKERS: BROKERS.join(','),
    }).then((svc) => {
      startedAt = Date.now();
      return svc;
    });
    let answeredAt = 0;
    while (!answeredAt && Date.now() - started < 60_000) {
      const res = await fetch(`http://127.0.0.1:${port}/health`).catch(() => null);
      if (res?.ok) answeredAt = Date.now();
      else await new Promise((r) => setTimeout(r, 100));
    }
    const svc = await starting;
    try {
      expect(answeredAt).toBeGreaterThan(0);
      // The group join waited for the dead member; the HTTP server did not.
      expect(startedAt - answeredAt).toBeGreaterThan(3_000);
    } finally {
      await svc.stop();
    }
  }, 90_000);
});
