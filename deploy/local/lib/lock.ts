// A lock file so two `infra:up` runs (say, the test script and the start script) never start
// the same server twice. Node has no flock; an O_EXCL file holding the owner's pid does.
import fs from 'node:fs';
import { isAlive } from './proc';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function withLock<T>(lockFile: string, task: () => Promise<T>, waitMs = 20 * 60_000): Promise<T> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      const fd = fs.openSync(lockFile, 'wx');
      fs.writeSync(fd, `${process.pid}\n`);
      fs.closeSync(fd);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(fs.readFileSync(lockFile, 'utf8').trim());
      if (!Number.isInteger(owner) || owner <= 0 || !isAlive(owner)) {
        // The holder died without cleaning up.
        fs.rmSync(lockFile, { force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`${lockFile} is held by pid ${owner}`, { cause: err });
      await sleep(300);
    }
  }
  try {
    return await task();
  } finally {
    fs.rmSync(lockFile, { force: true });
  }
}
