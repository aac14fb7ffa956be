// One dedicated PostgreSQL connection that LISTENs on a channel, for caches every replica of a service
// must drop when another process commits a change (NOTIFY is delivered on commit, to every listener).
// Written here rather than taken from npm: pg-listen, the one helper for node-postgres, has had no
// release since 2020. A pooled connection cannot hold a LISTEN (the pool hands it to other queries and
// closes it when idle), so this is a plain pg Client of its own, with its own 'error' listener: a
// Client's unhandled 'error' (a restart, a terminated backend) would end the process.
import { Client } from 'pg';
import type { Logger } from './logger';
import { pgListenConnected as listening } from './metrics';
import { assertSchemaName } from './pg';

export interface PgListenerOptions {
  connectionString: string;
  /** A lower-case identifier (schema-name rules), so it needs no quoting in LISTEN. */
  channel: string;
  /** The service, for the metric's label and the log. */
  service: string;
  log: Logger;
  /** Each notification's payload, in the order PostgreSQL delivers them (commit order). */
  onNotify: (payload: string) => void;
  /**
   * Called each time LISTEN is established, the first time included. Notifications sent while the
   * connection was down are lost, so whatever they would have dropped must be dropped here.
   */
  onListening: () => void;
  /** The first wait before connecting again; doubled after each failure up to `maxBackoffMs`. */
  minBackoffMs?: number;
  maxBackoffMs?: number;
}

export class PgListener {
  readonly name: string;
  private client: Client | null = null;
  private up = false;
  private pid: number | null = null;
  private failures = 0;
  private stopped = false;
  private retry: NodeJS.Timeout | null = null;
  private readonly labels: { service: string; channel: string };

  constructor(private readonly opts: PgListenerOptions) {
    assertSchemaName(opts.channel);
    this.name = `listener ${opts.channel}`;
    this.labels = { service: opts.service, channel: opts.channel };
  }

  /** True while the LISTEN is in place. */
  get listening(): boolean {
    return this.up;
  }

  /** The server process of the LISTEN connection while it is up (tests end it to check the reconnect). */
  get backendPid(): number | null {
    return this.up ? this.pid : null;
  }

  /**
   * Makes the first connection; resolves once it listens or has failed (it is then retried in the
   * background): a service starts without it, its caches bounded by their TTL meanwhile.
   */
  async start(): Promise<void> {
    listening.set(this.labels, 0);
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    const client = this.client;
    this.client = null;
    this.up = false;
    listening.remove(this.labels);
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    this.retry = null;
    if (this.stopped) return;
    // keepAlive: a connection cut without a FIN (a network partition) is noticed by TCP, not left
    // waiting for notifications that will never come.
    const client = new Client({ connectionString: this.opts.connectionString, keepAlive: true });
    this.client = client;
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client, null));
    client.on('notification', (msg) => {
      if (msg.channel === this.opts.channel) this.opts.onNotify(msg.payload ?? '');
    });
    try {
      await client.connect();
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      this.pid = rows[0]?.pid ?? null;
      // Last, so pg_stat_activity shows this connection's query as the LISTEN.
      await client.query(`LISTEN ${this.opts.channel}`);
    } catch (err) {
      this.lost(client, err);
      return;
    }
    if (this.client !== client) return; // lost or stopped while connecting
    this.up = true;
    if (this.failures > 0) this.opts.log.info({ channel: this.opts.channel }, 'listening again');
    this.failures = 0;
    listening.set(this.labels, 1);
    this.opts.onListening();
  }

  /** The connection failed or ended: drop it and connect again after a back-off (never throws). */
  private lost(client: Client, err: unknown): void {
    if (this.client !== client) return; // already handled (an 'error' is followed by 'end')
    this.client = null;
    this.up = false;
    client.end().catch(() => undefined);
    if (this.stopped) return;
    listening.set(this.labels, 0);
    const min = this.opts.minBackoffMs ?? 200;
    const delay = Math.min(this.opts.maxBackoffMs ?? 10_000, min * 2 ** this.failures);
    this.failures += 1;
    // Once per outage at warn; the retries after it at debug, so a long outage does not flood the log.
    const log = this.failures === 1 ? this.opts.log.warn.bind(this.opts.log) : this.opts.log.debug.bind(this.opts.log);
    log(
      { err, channel: this.opts.channel, retryInMs: delay },
      'the LISTEN connection is down; caches it keeps fresh live out their TTL until it is back',
    );
    this.retry = setTimeout(() => void this.connect(), delay);
    this.retry.unref();
  }
}
