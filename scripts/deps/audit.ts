// The dependency audit: every package of package-lock.json with its licence (read from
// node_modules, offline) checked against the licence policy, and its version checked against
// the committed advisory list with semver. Production findings fail unless accepted with a reason.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { disallowedIds, licenceOf, type LicenceSource } from './licences';
import { readLockfile } from './lockfile';

export type Scope = 'production' | 'dev';

export interface PackageReport {
  path: string;
  name: string;
  version: string;
  scope: Scope;
  /** Not in node_modules: an optional build for another platform (licence from the lockfile). */
  installed: boolean;
  licence: string | null;
  licenceSource: LicenceSource;
  /** Workspaces whose production dependencies reach it. */
  shippedBy: string[];
  /** One shortest chain that reaches it, workspace first (production only). */
  via: string[];
}

export interface Advisory {
  id: string;
  package: string;
  /** semver range of the affected versions. */
  vulnerable: string;
  fixed: string | null;
  severity: 'low' | 'moderate' | 'high' | 'critical';
  summary: string;
}

export interface AcceptedAdvisory {
  id: string;
  package: string;
  /** Only these versions (semver range); all when absent. */
  versions?: string;
  reason: string;
}

export interface AdvisoryList {
  updated: string;
  advisories: Advisory[];
  accepted: AcceptedAdvisory[];
}

export interface AcceptedLicence {
  package: string;
  versions?: string;
  licence: string;
  reason: string;
}

export interface LicencePolicy {
  /** SPDX id → why it is acceptable for what we ship. */
  allowed: Record<string, string>;
  accepted: AcceptedLicence[];
}

export interface Finding {
  kind: 'licence' | 'vulnerability';
  pkg: PackageReport;
  /** Licence: the ids not allowed; vulnerability: the advisory. */
  disallowed?: string[];
  advisory?: Advisory;
  /** The written reason when the finding is accepted. */
  accepted: string | null;
  /** Fails the run: a production finding that is not accepted. */
  blocking: boolean;
}

export interface AuditResult {
  lockfileVersion: number;
  packages: PackageReport[];
  findings: Finding[];
  /** Accept entries that matched nothing: stale, to be removed. */
  unusedAccepts: string[];
  advisoriesChecked: number;
  advisoriesUpdated: string;
  allowed: Record<string, string>;
  ok: boolean;
}

export interface AuditOptions {
  /** The project root: package-lock.json and node_modules/ are read from here. */
  root: string;
  advisoriesFile: string;
  policyFile: string;
}

/** Input files that do not hold what they must: the run cannot judge anything (exit 2). */
export class AuditInputError extends Error {}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new AuditInputError(`${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

const SEVERITIES = ['low', 'moderate', 'high', 'critical'];
const nonEmpty = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

function checkRange(file: string, what: string, range: unknown): void {
  if (!nonEmpty(range) || semver.validRange(range) === null)
    throw new AuditInputError(`${file}: ${what}: "${String(range)}" is not a semver range`);
}

export function loadAdvisories(file: string): AdvisoryList {
  const raw = readJson(file) as Partial<AdvisoryList>;
  if (!Array.isArray(raw.advisories) || !Array.isArray(raw.accepted) || !nonEmpty(raw.updated))
    throw new AuditInputError(`${file}: needs "updated", "advisories" and "accepted"`);
  for (const a of raw.advisories) {
    const where = `${a.id ?? '?'} (${a.package ?? '?'})`;
    if (!nonEmpty(a.id) || !nonEmpty(a.package) || !nonEmpty(a.summary) || !SEVERITIES.includes(a.severity))
      throw new AuditInputError(`${file}: ${where}: needs id, package, severity and summary`);
    checkRange(file, where, a.vulnerable);
    if (a.fixed !== null && semver.valid(a.fixed) === null)
      throw new AuditInputError(`${file}: ${where}: fixed "${String(a.fixed)}" is not a version (null when none)`);
  }
  for (const a of raw.accepted) {
    if (!nonEmpty(a.id) || !nonEmpty(a.package) || !nonEmpty(a.reason))
      throw new AuditInputError(`${file}: every accepted advisory needs id, package and a written reason`);
    if (a.versions !== undefined) checkRange(file, `accepted ${a.id}`, a.versions);
  }
  return raw as AdvisoryList;
}

export function loadPolicy(file: string): LicencePolicy {
  const raw = readJson(file) as Partial<LicencePolicy>;
  if (!raw.allowed || typeof raw.allowed !== 'object' || !Array.isArray(raw.accepted))
    throw new AuditInputError(`${file}: needs "allowed" and "accepted"`);
  for (const [id, why] of Object.entries(raw.allowed))
    if (!nonEmpty(why)) throw new AuditInputError(`${file}: allowed licence ${id} needs a justification`);
  for (const a of raw.accepted) {
    if (!nonEmpty(a.package) || !nonEmpty(a.licence) || !nonEmpty(a.reason))
      throw new AuditInputError(`${file}: every accepted licence needs package, licence and a written reason`);
    if (a.versions !== undefined) checkRange(file, `accepted ${a.package}`, a.versions);
  }
  return raw as LicencePolicy;
}

const inRange = (version: string, range: string | undefined) =>
  range === undefined || semver.satisfies(version, range, { includePrerelease: true });

export function audit(opts: AuditOptions): AuditResult {
  const advisories = loadAdvisories(opts.advisoriesFile);
  const policy = loadPolicy(opts.policyFile);
  let lock;
  try {
    lock = readLockfile(path.join(opts.root, 'package-lock.json'));
  } catch (err) {
    throw new AuditInputError(`package-lock.json: ${err instanceof Error ? err.message : String(err)}`);
  }
  const allowed = new Set(Object.keys(policy.allowed));
  const usedAccepts = new Set<object>();

  const packages: PackageReport[] = lock.entries.map((e) => {
    const dir = path.join(opts.root, e.path);
    const lic = licenceOf(dir, e.license);
    return {
      path: e.path,
      name: e.name,
      version: e.version,
      scope: e.dev ? 'dev' : 'production',
      installed: existsSync(path.join(dir, 'package.json')),
      licence: lic.expression,
      licenceSource: lic.source,
      shippedBy: [...(lock.shippedBy.get(e.path) ?? [])].sort(),
      via: lock.via.get(e.path) ?? [],
    };
  });

  const byName = new Map<string, Advisory[]>();
  for (const a of advisories.advisories) byName.set(a.package, [...(byName.get(a.package) ?? []), a]);

  const findings: Finding[] = [];
  for (const pkg of packages) {
    const bad = disallowedIds(pkg.licence, allowed);
    if (bad.length > 0) {
      const acc = policy.accepted.find(
        (a) => a.package === pkg.name && a.licence === pkg.licence && inRange(pkg.version, a.versions),
      );
      if (acc) usedAccepts.add(acc);
      findings.push({
        kind: 'licence',
        pkg,
        disallowed: bad,
        accepted: acc?.reason ?? null,
        blocking: pkg.scope === 'production' && !acc,
      });
    }
    for (const adv of byName.get(pkg.name) ?? []) {
      if (!semver.valid(pkg.version) || !inRange(pkg.version, adv.vulnerable)) continue;
      const acc = advisories.accepted.find(
        (a) => a.id === adv.id && a.package === pkg.name && inRange(pkg.version, a.versions),
      );
      if (acc) usedAccepts.add(acc);
      findings.push({
        kind: 'vulnerability',
        pkg,
        advisory: adv,
        accepted: acc?.reason ?? null,
        blocking: pkg.scope === 'production' && !acc,
      });
    }
  }
  const unusedAccepts = [
    ...policy.accepted.filter((a) => !usedAccepts.has(a)).map((a) => `licence ${a.licence} of ${a.package}`),
    ...advisories.accepted.filter((a) => !usedAccepts.has(a)).map((a) => `advisory ${a.id} of ${a.package}`),
  ];
  return {
    lockfileVersion: lock.lockfileVersion,
    packages,
    findings,
    unusedAccepts,
    advisoriesChecked: advisories.advisories.length,
    advisoriesUpdated: advisories.updated,
    allowed: policy.allowed,
    ok: !findings.some((f) => f.blocking),
  };
}
