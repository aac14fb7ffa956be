// ARCHITECTURE rule 5: every failure the gateway itself produces is
// `{ error: true, message }` with a Korean message, never HTML or a stack.
import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import onHeaders from 'on-headers';
import { SIGN_IN_MESSAGES } from '@syn/kit/rules';

export const MESSAGES = {
  notFound: '요청한 경로를 찾을 수 없습니다.',
  adminOnly: '관리자 권한이 필요합니다.',
  /** A member-only path without a signed-in member session (the services answer the same). */
  memberAuthRequired: SIGN_IN_MESSAGES.memberAuthRequired,
  tooLarge: '요청 본문이 너무 큽니다.',
  badGateway: '서비스에 연결할 수 없습니다. 잠시 후 다시 시도해 주세요.',
  unavailable: '일시적으로 서비스를 이용할 수 없습니다. 잠시 후 다시 시도해 주세요.',
  badRequest: '잘못된 요청입니다.',
  tooManyRequests: '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.',
  crossSite: '다른 사이트에서 보낸 요청은 처리할 수 없습니다.',
  internal: '요청을 처리하는 중에 오류가 발생하였습니다. 다시 시도해 주세요.',
  /** Spec §8: another device claimed the account (sent with authKeyError, the web app's cue to log out). */
  deviceReplaced: '다른 기기에서 로그인하여 로그아웃되었습니다. 다시 로그인해 주세요.',
} as const;

function messageForStatus(status: number): string {
  if (status === 404) return MESSAGES.notFound;
  if (status === 413) return MESSAGES.tooLarge;
  if (status === 429) return MESSAGES.tooManyRequests;
  if (status === 502 || status === 504) return MESSAGES.badGateway;
  if (status === 503) return MESSAGES.unavailable;
  if (status >= 500) return MESSAGES.internal;
  return MESSAGES.badRequest;
}

export function errorBody(message: string, fields: Record<string, unknown> = {}): string {
  return JSON.stringify({ ...fields, error: true, message });
}

/** Writes the error shape with the raw node API, so the send() rewrite below never touches it. */
export function sendError(
  res: Response,
  status: number,
  message: string,
  extra: Record<string, string> = {},
  fields: Record<string, unknown> = {},
): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const body = errorBody(message, fields);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.setHeader('Cache-Control', 'no-store');
  for (const [name, value] of Object.entries(extra)) res.setHeader(name, value);
  res.end(body);
}

const isJson = (contentType: string | number | string[] | undefined): boolean =>
  typeof contentType === 'string' && /\bjson\b/i.test(contentType);

/**
 * Runs first for every request. express-gateway answers some failures itself
 * with res.send (its proxy's "Bad gateway." text on an unreachable upstream,
 * sendStatus(404) …): those become the error shape. Upstream responses are
 * piped by http-proxy without res.send, so a service's own 4xx passes
 * through untouched. Also drops X-Powered-By, even when a service sets it.
 */
export const errorShape: RequestHandler = (_req, res, next) => {
  const send = res.send;
  res.send = function (this: Response, body?: unknown) {
    if (this.statusCode >= 400 && !isJson(this.getHeader('Content-Type'))) {
      this.setHeader('Content-Type', 'application/json; charset=utf-8');
      this.setHeader('Cache-Control', 'no-store');
      return send.call(this, errorBody(messageForStatus(this.statusCode)));
    }
    return send.call(this, body);
  };
  onHeaders(res, function (this: Response) {
    this.removeHeader('X-Powered-By');
  });
  next();
};

/** Mounted after express-gateway's pipelines: nothing matched. */
export const notFound: RequestHandler = (_req, res) => sendError(res, 404, MESSAGES.notFound);

/** Mounted last: an error nothing else handled. Never leaks the error to the client. */
export function errorHandler(log: (err: unknown) => void): ErrorRequestHandler {
  return (err: unknown, _req, res, _next) => {
    const status =
      typeof err === 'object' && err !== null && 'status' in err && typeof err.status === 'number' ? err.status : 500;
    if (status >= 500) log(err);
    sendError(res, status >= 400 && status < 600 ? status : 500, messageForStatus(status));
  };
}
