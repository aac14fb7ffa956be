// compression ships no types; @types/compression pulls express 5 types beside the gateway's
// express 4 types. The one call the gateway makes:
declare module 'compression' {
  import type { RequestHandler } from 'express';
  export default function compression(options?: { threshold?: number | string }): RequestHandler;
}
