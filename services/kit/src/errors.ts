// The one error shape of ARCHITECTURE.md: `{ error: true, message }` with a 4xx/5xx status.
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { z, ZodError } from 'zod';
import type { Logger } from './logger';
import { SIGN_IN_MESSAGES } from './rules/plain';
import { koreanErrorMap, koreanIssueMessage, TEXT_MESSAGES } from './rules/text';

// Every service imports the kit before it parses anything: from here on, an issue a schema left
// without a message is worded in Korean, never zod's English default (explicit messages still win).
z.config({ customError: koreanErrorMap });

export const MESSAGES = {
  badJson: '요청 형식이 올바르지 않습니다.',
  tooLarge: '요청 본문이 너무 큽니다.',
  notFound: '요청한 경로를 찾을 수 없습니다.',
  internal: '일시적인 오류가 발생하였습니다. 잠시 후 다시 시도해 주세요.',
  unavailable: '서비스를 일시적으로 사용할 수 없습니다. 잠시 후 다시 시도해 주세요.',
  adminRequired: '관리자 권한이 필요합니다.',
  loginRequired: SIGN_IN_MESSAGES.loginRequired,
  /** A member's call without a signed-in member session: the default of `unauthorized()`. */
  memberAuthRequired: SIGN_IN_MESSAGES.memberAuthRequired,
  deviceReplaced: '다른 기기에서 로그인하여 로그아웃되었습니다. 다시 로그인해 주세요.',
  identityRefused: '요청한 사용자를 확인할 수 없습니다.',
  illFormedText: TEXT_MESSAGES.illFormed,
} as const;

export interface ErrorBody {
  error: true;
  message: string;
  [extra: string]: unknown;
}

export class HttpError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
  body(): ErrorBody {
    return { ...this.extra, error: true, message: this.message };
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) => new HttpError(400, message, extra);
export const unauthorized = (message: string = MESSAGES.memberAuthRequired) => new HttpError(401, message);
export const forbidden = (message: string = MESSAGES.adminRequired) => new HttpError(403, message);
export const notFound = (message: string = MESSAGES.notFound) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
/** Spec §8: another device claimed the account; `authKeyError` makes the web app log this one out. */
export const deviceReplaced = () => new HttpError(401, MESSAGES.deviceReplaced, { authKeyError: true, authKey: '' });

interface BodyParserError {
  type?: string;
  status?: number;
  expose?: boolean;
}

function isBodyParserError(err: unknown): err is BodyParserError & Error {
  return err instanceof Error && typeof (err as BodyParserError).type === 'string';
}

const HANGUL = /[\uac00-\ud7a3]/;

/**
 * First zod issue's message: our schemas carry the spec's Korean messages, the global map words
 * the rest. A message without Hangul (a schema parsed before the map was installed, a library's
 * default) is reworded here, so a client never sees English.
 */
export function zodMessage(err: ZodError): string {
  const issue = err.issues[0];
  if (!issue) return MESSAGES.badJson;
  return HANGUL.test(issue.message) ? issue.message : koreanIssueMessage(issue);
}

export const notFoundHandler: RequestHandler = (_req, res) => {
  res.status(404).json({ error: true, message: MESSAGES.notFound } satisfies ErrorBody);
};

/**
 * PostgreSQL data exceptions a client value can cause after validation let it through: a number
 * out of the column's range, text too long for its column, an unreadable date or number. The
 * statement failed, so nothing was written: the request was bad, not the server.
 */
const CLIENT_DATA_ERRORS = new Set(['22001', '22003', '22007', '22008', '22021', '22P02']);

function isClientDataError(err: unknown): err is Error & { code: string } {
  return (
    err instanceof Error &&
    'severity' in err &&
    'code' in err &&
    typeof err.code === 'string' &&
    CLIENT_DATA_ERRORS.has(err.code)
  );
}

/** Errors of a store or server we depend on being out of reach (Elasticsearch, MongoDB, Redis, PostgreSQL). */
const UNAVAILABLE_NAMES = new Set([
  'ConnectionError',
  'NoLivingConnectionsError',
  'TimeoutError',
  'MongoNetworkError',
  'MongoServerSelectionError',
  'MongoNotConnectedError',
  'MongoPoolClearedError',
  'ClientClosedError',
  'ConnectionTimeoutError',
  'SocketClosedUnexpectedlyError',
]);
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  '57P01',
  '57P03',
]);

/** True when the failure is a dependency being down, not a fault of the request or of our code. */
export function isDependencyUnavailable(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; depth < 4 && e instanceof Error; depth++) {
    if (UNAVAILABLE_NAMES.has(e.name)) return true;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    // Elasticsearch answering 503 itself: shards not yet assigned after a restart.
    if (e.name === 'ResponseError' && (e as { statusCode?: unknown }).statusCode === 503) return true;
    if (/^Connection terminated|timeout exceeded when trying to connect/.test(e.message)) return true;
    e = e.cause;
  }
  return false;
}

export function errorHandler(log: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    if (res.headersSent) {
      res.end();
      return;
    }
    if (err instanceof HttpError) {
      res.status(err.status).json(err.body());
      return;
    }
    if (err instanceof ZodError) {
      res.status(400).json({ error: true, message: zodMessage(err) } satisfies ErrorBody);
      return;
    }
    if (isBodyParserError(err)) {
      if (err.type === 'entity.too.large') {
        res.status(413).json({ error: true, message: MESSAGES.tooLarge } satisfies ErrorBody);
        return;
      }
      const status = err.status && err.status >= 400 && err.status < 500 ? err.status : 400;
      res.status(status).json({ error: true, message: MESSAGES.badJson } satisfies ErrorBody);
      return;
    }
    if (isClientDataError(err)) {
      log.warn({ code: err.code, method: req.method, path: req.path }, 'request value rejected by the database');
      res.status(400).json({ error: true, message: MESSAGES.badJson } satisfies ErrorBody);
      return;
    }
    if (isDependencyUnavailable(err)) {
      // A store being restarted: the client may retry shortly, and it is no bug of ours.
      log.warn(
        { err: { name: (err as Error).name, message: (err as Error).message }, path: req.path },
        'dependency unavailable',
      );
      res.setHeader('Retry-After', '5');
      res.status(503).json({ error: true, message: MESSAGES.unavailable } satisfies ErrorBody);
      return;
    }
    log.error({ err, method: req.method, path: req.path }, 'unhandled error');
    res.status(500).json({ error: true, message: MESSAGES.internal } satisfies ErrorBody);
  };
}
