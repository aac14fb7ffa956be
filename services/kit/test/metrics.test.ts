import { Router } from 'express';
import {
  DEVELOPMENT_IDENTITY_SECRET,
  createApp,
  createLogger,
  listen,
  registerOutboxBacklog,
  type RunningServer,
} from '../src';

describe('metrics', () => {
  let server: RunningServer;

  beforeAll(async () => {
    const app = createApp({
      service: 'metrics-test',
      log: createLogger('metrics-test', 'silent'),
      identitySecret: DEVELOPMENT_IDENTITY_SECRET,
      health: {},
      routes: (a) => {
        const words = Router();
        words.get('/:id', (req, res) => {
          if (req.params.id === '0') {
            res.status(404).json({ error: true });
            return;
          }
          res.json({ id: req.params.id });
        });
        a.use('/api/words', words);
      },
    });
    server = await listen(app, 0);
  });
  afterAll(() => server.close());

  const scrape = async () => {
    const res = await fetch(`${server.url}/metrics`);
    expect(res.headers.get('content-type')).toContain('text/plain');
    return res.text();
  };

  it('counts requests by the declared route, not the raw URL, with their status', async () => {
    for (const id of ['1', '2', '0']) await fetch(`${server.url}/api/words/${id}`);
    await fetch(`${server.url}/no/such/path`);
    const text = await scrape();
    expect(text).toContain(
      'http_requests_total{service="metrics-test",method="GET",route="/api/words/:id",status="200"} 2',
    );
    expect(text).toContain(
      'http_requests_total{service="metrics-test",method="GET",route="/api/words/:id",status="404"} 1',
    );
    expect(text).toContain('http_requests_total{service="metrics-test",method="GET",route="unmatched",status="404"} 1');
    expect(text).not.toContain('/api/words/1');
    expect(text).toMatch(
      /http_request_duration_seconds_count\{service="metrics-test",method="GET",route="\/api\/words\/:id"\} 3/,
    );
  });

  it('reads an outbox backlog when scraped, and leaves out one that fails', async () => {
    let waiting = 7;
    const off = registerOutboxBacklog('words_outbox', () => Promise.resolve(waiting));
    const offBroken = registerOutboxBacklog('broken_outbox', () => Promise.reject(new Error('store down')));
    expect(await scrape()).toContain('outbox_backlog{outbox="words_outbox"} 7');
    waiting = 0;
    const text = await scrape();
    expect(text).toContain('outbox_backlog{outbox="words_outbox"} 0');
    expect(text).not.toContain('broken_outbox');
    off();
    offBroken();
    expect(await scrape()).not.toContain('words_outbox');
  });
});
