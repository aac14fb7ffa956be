// The session store against a Redis that accepts the connection and then never answers a read:
// a look-up must fail as "unavailable" (the gateway answers 503) within its deadline, not hang.
// A real TCP server speaking just enough RESP for the client's handshake; the shared Redis of
// the machine cannot be paused for this without pausing everyone's.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { SessionStore, SessionStoreUnavailable } from '../src/plugin/sessionStore';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Answers the handshake (HELLO with a RESP3 map, the rest +OK) and leaves every read unanswered. */
async function silentOnReads(): Promise<{
  url: string;
  gets: () => number;
  release: () => void;
  close: () => Promise<void>;
}> {
  let gets = 0;
  /** The sockets owed an answer, one entry per read. */
  const owed: net.Socket[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    let pending = '';
    socket.on('data', (chunk: Buffer) => {
      pending += chunk.toString('latin1');
      // RESP arrays of bulk strings: *N\r\n then N × ($len\r\narg\r\n).
      for (;;) {
        const parsed = parseCommand(pending);
        if (!parsed) break;
        pending = pending.slice(parsed.consumed);
        const command = parsed.args[0]?.toUpperCase();
        // The look-up reads with its script (EVALSHA, EVAL after a NOSCRIPT) or, past it, GET.
        if (command === 'GET' || command === 'EVALSHA' || command === 'EVAL') {
          gets++;
          owed.push(socket);
        } else socket.write(command === 'HELLO' ? '%1\r\n+server\r\n+redis\r\n' : '+OK\r\n');
      }
    });
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    gets: () => gets,
    /** Answers the owed reads (null), so the client can close gracefully, then closes. */
    release: () => {
      for (const socket of owed.splice(0)) socket.write('_\r\n');
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

function parseCommand(text: string): { args: string[]; consumed: number } | null {
  const header = /^\*(\d+)\r\n/.exec(text);
  if (!header) return null;
  let at = header[0].length;
  const args: string[] = [];
  for (let i = 0; i < Number(header[1]); i++) {
    const len = /^\$(\d+)\r\n/.exec(text.slice(at));
    if (!len) return null;
    const start = at + len[0].length;
    const end = start + Number(len[1]);
    if (text.length < end + 2) return null;
    args.push(text.slice(start, end));
    at = end + 2;
  }
  return { args, consumed: at };
}

test('a look-up Redis never answers fails as unavailable within its deadline', async () => {
  const redis = await silentOnReads();
  const store = new SessionStore(redis.url, quiet);
  try {
    await store.start(2_000);
    expect(store.isReady).toBe(true);
    const started = Date.now();
    const outcome = await store.find('a'.repeat(43), 300).then(
      () => 'answered',
      (err: unknown) => err,
    );
    expect(outcome).toBeInstanceOf(SessionStoreUnavailable);
    expect(redis.gets()).toBe(1);
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(290);
    expect(waited).toBeLessThan(2_000);
  } finally {
    // The client's close() waits for the answers it is owed.
    redis.release();
    await store.close();
    await redis.close();
  }
}, 10_000);
