// express-gateway's per-request id, made cheaply (plugin/requestIds.ts): still what uuid62.v4()
// made, a random version-4 UUID in 22 base62 characters, read back by uuid62's own decoder.
import path from 'node:path';
import { installFastRequestIds } from '../src/plugin/requestIds';

interface Uuid62 {
  v4(): string;
  decode(id: string): string;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
const uuid62 = require(
  require.resolve('uuid62', { paths: [path.dirname(require.resolve('express-gateway/package.json'))] }),
) as Uuid62;

test('the ids express-gateway gets are random v4 UUIDs in base62, as uuid62 wrote them', () => {
  const original = uuid62.v4;
  installFastRequestIds();
  expect(uuid62.v4).not.toBe(original);
  const ids = Array.from({ length: 2_000 }, () => uuid62.v4());
  expect(new Set(ids).size).toBe(ids.length);
  for (const id of ids) {
    expect(id).toMatch(/^[0-9A-Za-z]{22}$/);
    expect(uuid62.decode(id)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  }
});
