/**
 * Which origin the login status may be posted to (pure, unit-tested). The
 * parent's origin must be configured (the gateway's EMBED_PARENT_ORIGINS, read
 * from /site.json): posting to '*' would hand the status to any site that
 * frames us, so production never does.
 */
export interface LoginStatusMessage {
  type: 'syn-dictionary:login-status';
  loggedIn: boolean;
  userEmail: string | null;
}

export interface TargetOriginInput {
  /** Origins allowed to embed us; unknown (site details not loaded) counts as none. */
  configured: readonly string[] | undefined;
  /** The parent's origin as far as the browser tells (ancestorOrigins or referrer), if known. */
  parentOrigin: string | null;
  dev: boolean;
}

/** The origin to post to, or null when nothing may be posted. */
export function resolveTargetOrigin({ configured, parentOrigin, dev }: TargetOriginInput): string | null {
  const allowed = (configured ?? [])
    .map((origin) => origin.trim().replace(/\/+$/, ''))
    .filter((origin) => origin !== '' && origin !== '*');
  if (allowed.length === 0) return dev ? '*' : null;
  if (parentOrigin !== null) return allowed.includes(parentOrigin) ? parentOrigin : null;
  // Without a known parent origin, a single allowed origin is still safe: the browser
  // delivers the message only if the parent really has that origin.
  return allowed.length === 1 ? (allowed[0] ?? null) : null;
}
