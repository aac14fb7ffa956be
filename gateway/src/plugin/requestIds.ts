// express-gateway names every pipeline request (egContext.requestID, sent to the services as
// `eg-request-id`) with uuid62.v4(), which fills its 16 bytes through the deprecated `new Buffer()`
// and then asks the kernel for fresh random bytes. The deprecated constructor makes Node capture a
// stack trace on each of the first 10,000 calls (to decide whether the caller is a dependency), so
// a freshly started gateway paid that on every proxied request: about a tenth of its CPU per request
// in a profile (scripts/bench/gateway.ts). The same id, a random (version 4) UUID in base62 of 22
// characters, is made here from crypto.randomUUID(), which draws from a cached pool of random bytes.
import { randomUUID } from 'node:crypto';
import path from 'node:path';

interface Uuid62 {
  v4(...args: unknown[]): string;
  /** base-x over uuid62's base62 alphabet. */
  base: { encode(bytes: Uint8Array): string };
}

const LENGTH = 22;

/** The uuid62 instance express-gateway itself loads (it may have its own copy). */
function expressGatewayUuid62(): Uuid62 {
  const egRoot = path.dirname(require.resolve('express-gateway/package.json'));
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(require.resolve('uuid62', { paths: [egRoot] })) as Uuid62;
}

/** A random UUID v4 as uuid62.v4() writes it: base62, left-padded with '0' to 22 characters. */
export function uuid62v4(base: Uuid62['base']): string {
  const encoded = base.encode(Buffer.from(randomUUID().replace(/-/g, ''), 'hex'));
  return encoded.length >= LENGTH ? encoded.slice(-LENGTH) : encoded.padStart(LENGTH, '0');
}

let installed = false;

/** Makes express-gateway's per-request id cheap; idempotent. v4 with arguments (never used by it) keeps the original. */
export function installFastRequestIds(): void {
  if (installed) return;
  const uuid62 = expressGatewayUuid62();
  const original = uuid62.v4.bind(uuid62);
  uuid62.v4 = (...args: unknown[]): string => (args.length > 0 ? original(...args) : uuid62v4(uuid62.base));
  installed = true;
}
