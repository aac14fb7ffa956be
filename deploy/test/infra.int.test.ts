import { ensureInfra, infraStatus, SERVER_NAMES } from '../local/infra';

describe('deploy/local/infra.ts', () => {
  it('when every server is already up, then ensureInfra leaves each alone and status reports it up', async () => {
    const lines: string[] = [];
    await ensureInfra({ log: (line) => lines.push(line) });
    expect(lines.filter((l) => l.includes('already up'))).toHaveLength(SERVER_NAMES.length);

    const status = await infraStatus();
    expect(status.map((s) => s.name)).toEqual([...SERVER_NAMES]);
    for (const s of status) {
      expect({ name: s.name, up: s.up }).toEqual({ name: s.name, up: true });
      // A managed server started from another checkout on this machine (CI's fresh clone reuses the
      // servers a session left running) has no pid file here; the machine's own servers always report one.
      if (!s.managed) expect(s.pid).toEqual(expect.any(Number));
    }
    // Managed JVMs stay within their budget (heap caps plus JVM overhead).
    const rss = Object.fromEntries(status.map((s) => [s.name, s.rssMiB ?? 0]));
    expect(rss.kafka).toBeLessThan(900);
    expect(rss.mongo).toBeLessThan(500);
    expect(rss.elasticsearch).toBeLessThan(1400);
  });
});
