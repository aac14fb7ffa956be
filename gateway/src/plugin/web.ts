// Same-origin web app: security headers for everything, the built Vite app
// from WEB_DIST, and the SPA fallback to index.html for browser navigations.
import fs from 'node:fs';
import path from 'node:path';
import compression from 'compression';
import type { Request, RequestHandler } from 'express';
import helmet from 'helmet';
import serveStatic from 'serve-static';
import { API_PREFIXES, WEB_ROUTES_UNDER_API } from '../routes';
import { MESSAGES, sendError } from './errors';

export interface SecurityOptions {
  frameAncestors: string[];
  extraOrigins: string[];
  production: boolean;
}

/** A CSP for a Vite React build served from self; React's style props need inline styles. */
export function securityHeaders({ frameAncestors, extraOrigins, production }: SecurityOptions): RequestHandler {
  const onlySelfFrames = frameAncestors.length === 1 && frameAncestors[0] === "'self'";
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        scriptSrc: ["'self'", ...extraOrigins],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...extraOrigins],
        frameSrc: ["'self'", ...extraOrigins],
        formAction: ["'self'", ...extraOrigins],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        // The app is embedded in a host page (spec §1): who may frame it is configuration.
        frameAncestors,
      },
    },
    // Payment checkout may open a popup that reports back to its opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // X-Frame-Options cannot name other origins; CSP frame-ancestors governs when embedding is allowed.
    xFrameOptions: onlySelfFrames ? { action: 'sameorigin' } : false,
    strictTransportSecurity: production ? { maxAge: 15552000, includeSubDomains: true } : false,
  });
}

/**
 * `.`/`..` segments and encoded or back slashes never reach a service or the
 * disk: the gateway routes on the raw path, so a path a service might read
 * differently is refused rather than guessed at.
 */
const DOT_SEGMENT = /(?:^|\/)(?:\.|%2e){1,2}(?:\/|$)/i;
const AMBIGUOUS_SLASH = /\\|%2f|%5c/i;
export const rejectAmbiguousPaths: RequestHandler = (req, res, next) => {
  const rawPath = (req.originalUrl || req.url).split('?')[0] ?? '';
  if (DOT_SEGMENT.test(rawPath) || AMBIGUOUS_SLASH.test(rawPath)) {
    return sendError(res, 400, MESSAGES.badRequest);
  }
  return next();
};

function isApiPath(pathname: string): boolean {
  return API_PREFIXES.some((prefix) => pathname === prefix.replace(/\/$/, '') || pathname.startsWith(prefix));
}

function isBrowserNavigation(req: Request): boolean {
  // XHR/fetch clients send `application/json, */*` or `*/*`; only a real navigation prefers HTML.
  return (req.method === 'GET' || req.method === 'HEAD') && req.accepts(['json', 'html']) === 'html';
}

const HASHED_ASSET = /^assets[\\/]/;

/**
 * Source maps give anyone the app's original source: the production build writes none, and a
 * map left in WEB_DIST (an older or development build) is still never served.
 */
export function isSourceMap(pathname: string): boolean {
  // serve-static decodes the path: `x.js%2Emap` names the same file.
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // Undecodable: serve-static refuses it too.
  }
  return /\.map$/i.test(pathname) || /\.map$/i.test(decoded);
}

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>유의어 사전 — 준비 중</title></head>
<body><main><h1>서비스를 준비하고 있습니다.</h1>
<p>웹 화면이 아직 빌드되지 않았습니다. 잠시 후 다시 접속해 주세요.</p></main></body></html>
`;

/**
 * The web app's route patterns, written by its build to `routes.json` (from the one path table):
 * a navigation to any other path still gets the app, which shows its "not found" page, but with
 * status 404 so crawlers and monitors see a dead link as one. Without the file every path is 200.
 */
export function webRouteMatcher(webDist: string): (pathname: string) => boolean {
  let regexes: RegExp[] | undefined;
  const load = (): RegExp[] | undefined => {
    try {
      const patterns = JSON.parse(fs.readFileSync(path.join(webDist, 'routes.json'), 'utf8')) as string[];
      const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      // React Router matches case-insensitively, with an optional trailing slash, `:param` one segment.
      return patterns.map(
        (p) =>
          new RegExp(
            `^${p
              .split('/')
              .map((seg) => (seg.startsWith(':') ? '[^/]+' : escape(seg)))
              .join('/')}/?$`,
            'i',
          ),
      );
    } catch {
      return undefined; // not built yet: read again on the next navigation
    }
  };
  return (pathname) => {
    regexes ??= load();
    return regexes === undefined || regexes.some((r) => r.test(pathname));
  };
}

export function webApp(webDist: string): RequestHandler[] {
  // Text assets (JS, CSS, HTML, JSON, SVG) go out compressed; API answers are the services' own.
  const compress = compression();
  const compressWeb: RequestHandler = (req, res, next) =>
    isApiPath(req.path) && !WEB_ROUTES_UNDER_API.includes(req.path) ? next() : compress(req, res, next);
  const isWebRoute = webRouteMatcher(webDist);
  const files = serveStatic(webDist, {
    index: false,
    dotfiles: 'ignore',
    fallthrough: true,
    setHeaders: (res, filePath) => {
      // Vite puts content-hashed files under assets/: they never change, everything else is revalidated.
      res.setHeader(
        'Cache-Control',
        HASHED_ASSET.test(path.relative(webDist, filePath)) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  const indexFile = path.join(webDist, 'index.html');

  const staticFiles: RequestHandler = (req, res, next) => {
    if (isApiPath(req.path)) return next();
    if (isSourceMap(req.path)) return sendError(res, 404, MESSAGES.notFound);
    return files(req, res, next);
  };

  const spaFallback: RequestHandler = (req, res, next) => {
    const webRoute = WEB_ROUTES_UNDER_API.includes(req.path);
    if ((isApiPath(req.path) && !webRoute) || !isBrowserNavigation(req)) return next();
    fs.stat(indexFile, (err, stat) => {
      if (err || !stat.isFile()) {
        // The web app has not been built yet: say so instead of failing.
        res.statusCode = 503;
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.setHeader('Cache-Control', 'no-store');
        res.setHeader('Retry-After', '30');
        res.end(req.method === 'HEAD' ? undefined : NOT_BUILT_PAGE);
        return;
      }
      if (!isWebRoute(req.path)) res.status(404);
      res.sendFile(indexFile, { cacheControl: false, headers: { 'Cache-Control': 'no-cache' } }, (sendErr?: Error) => {
        if (sendErr && !res.headersSent) next(sendErr);
      });
    });
  };

  return [compressWeb, staticFiles, spaFallback];
}
