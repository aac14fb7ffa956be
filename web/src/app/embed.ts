/**
 * When the app runs inside a host page (an iframe), it tells the parent
 * window whether someone is signed in, on start and on every change (spec §1).
 */
import { resolveTargetOrigin, type LoginStatusMessage } from './embedOrigin';

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

function detectParentOrigin(): string | null {
  const ancestors = window.location.ancestorOrigins as DOMStringList | undefined;
  if (ancestors && ancestors.length > 0) return ancestors.item(0);
  return document.referrer ? originOf(document.referrer) : null;
}

export function isEmbedded(): boolean {
  try {
    return window.parent !== window;
  } catch {
    return true;
  }
}

/**
 * Returns a function that posts the status when it differs from the last one posted.
 * `parentOrigins`: the allowed host pages (site details' embedParentOrigins).
 */
export function createLoginStatusPoster(
  parentOrigins: readonly string[] | undefined,
): (status: Omit<LoginStatusMessage, 'type'>) => void {
  if (!isEmbedded()) return () => undefined;
  const targetOrigin = resolveTargetOrigin({
    configured: parentOrigins,
    parentOrigin: detectParentOrigin(),
    dev: import.meta.env.DEV,
  });
  if (targetOrigin === null) return () => undefined;
  let last: string | null = null;
  return (status) => {
    const message: LoginStatusMessage = { type: 'syn-dictionary:login-status', ...status };
    const key = JSON.stringify(message);
    if (key === last) return;
    last = key;
    window.parent.postMessage(message, targetOrigin);
  };
}
