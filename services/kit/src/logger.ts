import pino, { type Logger } from 'pino';

export type { Logger };

/** Anything that could carry a credential is redacted wherever it appears in a log object. */
const REDACT = [
  'password',
  'oldPassword',
  'newPassword',
  'userPw',
  'secretKey',
  'token',
  'authorization',
  'cookie',
  'sid',
  '*.password',
  '*.oldPassword',
  '*.newPassword',
  '*.userPw',
  '*.secretKey',
  '*.token',
  '*.authorization',
  '*.cookie',
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
];

export function createLogger(service: string, level = 'info'): Logger {
  return pino({
    name: service,
    level,
    redact: { paths: REDACT, censor: '[redacted]' },
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
  });
}
