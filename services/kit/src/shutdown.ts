import type { Logger } from './logger';

type Step = { name: string; run: () => Promise<void> };

/**
 * Ordered graceful shutdown on SIGTERM/SIGINT: steps run in registration order
 * (stop HTTP intake and drain first, then relays and consumers, then stores).
 */
export class Shutdown {
  private readonly steps: Step[] = [];
  private started: Promise<void> | null = null;

  constructor(
    private readonly log: Logger,
    private readonly timeoutMs = 20_000,
  ) {}

  add(name: string, run: () => Promise<void>): this {
    this.steps.push({ name, run });
    return this;
  }

  listen(): this {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      process.once(signal, () => {
        this.log.info({ signal }, 'shutting down');
        void this.run().then(() => process.exit(0));
      });
    }
    return this;
  }

  run(): Promise<void> {
    if (this.started) return this.started;
    const force = setTimeout(() => {
      this.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, this.timeoutMs);
    force.unref();
    this.started = (async () => {
      for (const step of this.steps) {
        try {
          await step.run();
        } catch (err) {
          this.log.warn({ err, step: step.name }, 'shutdown step failed');
        }
      }
      clearTimeout(force);
    })();
    return this.started;
  }
}
