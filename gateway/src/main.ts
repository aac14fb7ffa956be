// Starts express-gateway with a config generated from the environment.
// `node dist/main.js` runs it; tests call startGateway() in-process.
import fs from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConfigError, loadConfig } from './config';
import { writeConfigDir } from './egConfig';
import { logger } from './logger';
import { startMetricsServer, type MetricsServer } from './metrics';
import { closePlugin, pluginLoaded, sessionStore } from './plugin';

interface ExpressGatewayMain {
  load(configDir: string): { run(): Promise<[{ app?: http.Server } | undefined, unknown]> };
}

export interface RunningGateway {
  url: string;
  /** GET /metrics (GATEWAY_METRICS_PORT), or null when not served. */
  metricsUrl: string | null;
  close(): Promise<void>;
}

/** How long start-up waits for Redis before serving anyway (session look-ups answer 503 until it is back). */
const REDIS_START_WAIT_MS = 3_000;
const REQUEST_TIMEOUT_MS = 30_000;

let started = false;

/**
 * Starts the gateway. express-gateway keeps its config, policies and event
 * bus in module-level singletons, so a process (or a jest test file, which
 * gets its own module registry) can run one gateway: a second call throws.
 */
export async function startGateway(env: NodeJS.ProcessEnv): Promise<RunningGateway> {
  if (started) throw new Error('startGateway: express-gateway supports one gateway per process');
  const config = loadConfig(env);
  started = true;

  const configDir = writeConfigDir(config, require.resolve('./plugin'));
  const removeConfigDir = (): void => {
    process.removeListener('exit', removeConfigDir);
    fs.rmSync(configDir, { recursive: true, force: true });
  };
  // Also on a crash or process.exit(): the folder holds secrets.
  process.once('exit', removeConfigDir);
  // The config is generated, never edited in place: no file watching or hot reload.
  process.env.EG_DISABLE_CONFIG_WATCH = 'true';
  // express-gateway would send every upstream call through HTTP(S)_PROXY (it ignores NO_PROXY):
  // calls to our own services must never leave through an outbound proxy.
  for (const name of ['http_proxy', 'HTTP_PROXY']) {
    if (process.env[name]) {
      logger.warn({ variable: name }, 'ignoring outbound proxy setting for calls to services');
      delete process.env[name];
    }
  }

  let server: http.Server | undefined;
  try {
    // express-gateway ships no typings for its entry point.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const expressGateway = require('express-gateway') as () => ExpressGatewayMain;
    const [gateway] = await expressGateway().load(configDir).run();
    server = gateway?.app;
    // express-gateway logs and skips a plugin that fails to load; a gateway without it must not serve.
    if (!server || !pluginLoaded()) throw new Error('express-gateway started without the syn plugin');
  } catch (err) {
    server?.close();
    await closePlugin();
    removeConfigDir();
    throw err;
  }
  // A client gets this long to send its whole request (Node's default is 5 minutes): slow-body clients cannot pile up.
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  await sessionStore()?.start(REDIS_START_WAIT_MS);
  let metrics: MetricsServer | null = null;
  try {
    metrics = config.metrics && (await startMetricsServer(config.metrics.port, config.metrics.host));
  } catch (err) {
    server.close();
    await closePlugin();
    removeConfigDir();
    throw err;
  }

  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${host}:${address.port}`;
  const running = server;
  let closing: Promise<void> | undefined;
  return {
    url,
    metricsUrl: metrics?.url ?? null,
    close: () =>
      (closing ??= (async () => {
        await new Promise<void>((resolve) => {
          running.close(() => resolve());
          running.closeAllConnections();
        });
        await metrics?.close();
        await closePlugin();
        removeConfigDir();
      })()),
  };
}

async function main(): Promise<void> {
  // express-gateway's server has no 'error' listener (e.g. EADDRINUSE): log it as one JSON line and stop.
  process.on('uncaughtException', (err) => {
    logger.fatal({ err }, 'gateway crashed');
    process.exit(1);
  });
  let gateway: RunningGateway;
  try {
    gateway = await startGateway(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      logger.fatal({ problems: err.problems }, err.message);
    } else {
      logger.fatal({ err }, 'gateway failed to start');
    }
    process.exit(1);
  }
  logger.info({ url: gateway.url }, 'gateway listening');

  const stop = (signal: string): void => {
    logger.info({ signal }, 'gateway shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    gateway.close().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, 'gateway shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

if (require.main === module) void main();
