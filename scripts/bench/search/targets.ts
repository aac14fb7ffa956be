// The three paths a search or detail view can be measured on, as autocannon targets: through the
// gateway (what a browser gets), straight to the dictionary service (signed as the gateway signs
// it), and straight to Elasticsearch (the calls the service itself makes, recorded by traces.ts).
import { DEVELOPMENT_IDENTITY_SECRET, GATEWAY_ISSUER, identityHeaders } from '@syn/kit/identity';
import { ANONYMOUS_GRADE, ANONYMOUS_USER_ID, sessionHash } from '@syn/kit/session';
import type { Call, Target } from './drive';

export type PathName = 'gateway' | 'service' | 'elasticsearch';
export const PATHS: readonly PathName[] = ['gateway', 'service', 'elasticsearch'];

const SEARCH = '/api/dic/search/pyojaeItems';
const DETAIL = '/api/dic/search/wordSynItems';
const JSON_HEADERS = { 'content-type': 'application/json' };

export interface Endpoints {
  gateway: string;
  services: readonly string[];
  elasticsearch: string;
  /** The visitor session (its `sid`) the detail views are kept under, as a returning visitor's are. */
  sid: string;
}

const ok200 = (status: number) => (status === 200 ? '' : `HTTP ${status}`);
const searchCheck = (status: number, body: string) =>
  ok200(status) || (body.includes('"wordInfoItems"') ? '' : 'no wordInfoItems');
const detailCheck = (status: number, body: string) =>
  ok200(status) || (body.includes('"wordSynItems"') ? '' : 'no wordSynItems');

/** What the gateway adds for an anonymous visitor with session `sid`, signed afresh (a signature lives 30 s). */
function signedAsVisitor(path: string, sid: string): Record<string, string> {
  return identityHeaders(DEVELOPMENT_IDENTITY_SECRET, GATEWAY_ISSUER, 'POST', path, {
    userId: ANONYMOUS_USER_ID,
    grade: ANONYMOUS_GRADE,
    sessionHash: sid ? sessionHash(sid) : '',
  });
}

function apiTarget(
  path: PathName,
  e: Endpoints,
  route: string,
  body: () => string,
  check: Target['check'],
  cookie: boolean,
): Target {
  const viaGateway = path === 'gateway';
  return {
    label: path,
    urls: viaGateway ? [e.gateway] : e.services,
    maxCalls: 1,
    check,
    next: (): Call[] => [
      {
        method: 'POST',
        path: route,
        headers: viaGateway
          ? { ...JSON_HEADERS, ...(cookie && e.sid ? { cookie: `sid=${e.sid}` } : {}) }
          : { ...JSON_HEADERS, ...signedAsVisitor(route, cookie ? e.sid : '') },
        body: body(),
      },
    ],
  };
}

/** The recorded calls, one logical request each; maxCalls is set by the phase from the items it draws. */
function elasticsearchTarget(e: Endpoints, next: () => { calls: Call[] }): Target {
  return { label: 'elasticsearch', urls: [e.elasticsearch], maxCalls: 1, next: () => next().calls, check: ok200 };
}

/** Search on `path`: `next` gives the query (API paths) or its recorded calls (Elasticsearch). */
export function searchTarget(path: PathName, e: Endpoints, next: () => { text: string; calls: Call[] }): Target {
  if (path === 'elasticsearch') return elasticsearchTarget(e, next);
  const body = () => JSON.stringify({ searchWord: next().text, pageSize: 10, pageNum: 0 });
  return apiTarget(path, e, SEARCH, body, searchCheck, false);
}

/** Detail view on `path`, under the visitor session (the history is written as for a reader). */
export function detailTarget(path: PathName, e: Endpoints, next: () => { id: number; calls: Call[] }): Target {
  if (path === 'elasticsearch') return elasticsearchTarget(e, next);
  const body = () => JSON.stringify({ userId: 99999999, pyojaeId: next().id, userAuthKey: '' });
  return apiTarget(path, e, DETAIL, body, detailCheck, true);
}
