// The steady load of the fault suite: members search, save distinct words to their
// wordbooks, sign in, join and pay through the gateway while processes are killed.
// Every request is recorded (kind, time, outcome) so each fault's error window can be
// measured, and every acknowledged write is kept so nothing lost can hide afterwards.
import { randomBytes } from 'node:crypto';
// The account service's own test helpers: one join body, one maildev reader for every suite.
import { joinBody, linkIn, PASSWORD, readMail } from '../../services/account/test/support';

export type Kind = 'search' | 'wordbook' | 'login' | 'join' | 'pay';
export const KINDS: Kind[] = ['search', 'wordbook', 'login', 'join', 'pay'];

export interface Rec {
  kind: Kind;
  /** When the answer (or the failure) came, ms since the epoch. */
  at: number;
  ok: boolean;
  status: number;
}

export interface Member {
  id: number;
  email: string;
  password: string;
  cookie: string;
}

export interface Reply {
  status: number;
  body: Record<string, unknown>;
  setCookie: string[];
}

// Generous: on a loaded 2-core machine a healthy request can take seconds; a dead process fails at once.
const REQUEST_TIMEOUT_MS = 10_000;
const SETUP_TIMEOUT_MS = 60_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One JSON call; a refused connection or a timeout is status 0. */
export async function call(
  url: string,
  body: unknown,
  opts: { cookie?: string; method?: 'GET' | 'POST'; timeoutMs?: number } = {},
): Promise<Reply> {
  const method = opts.method ?? 'POST';
  try {
    const res = await fetch(url, {
      method,
      headers: {
        ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
        ...(opts.cookie ? { cookie: opts.cookie } : {}),
      },
      body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
      signal: AbortSignal.timeout(opts.timeoutMs ?? REQUEST_TIMEOUT_MS),
    });
    const text = await res.text();
    let parsed: Record<string, unknown> = {};
    try {
      parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      parsed = { text };
    }
    return { status: res.status, body: parsed, setCookie: res.headers.getSetCookie() };
  } catch {
    return { status: 0, body: {}, setCookie: [] };
  }
}

/** Hangul syllables from the whole block (가–힣). */
export function randomSyllables(n: number): string {
  return Array.from({ length: n }, () => String.fromCharCode(0xac00 + Math.floor(Math.random() * 11_172))).join('');
}

export const newEmail = (tag: string) => `faults.${tag}.${randomBytes(5).toString('hex')}@example.com`;

export async function login(base: string, email: string, timeoutMs?: number): Promise<Reply & { cookie: string }> {
  const res = await call(`${base}/api/user/login`, { email, password: PASSWORD }, { timeoutMs });
  const sid = res.setCookie.find((c) => c.startsWith('sid='));
  return { ...res, cookie: sid ? sid.slice(0, sid.indexOf(';')) : '' };
}

/** join → confirmation mail → confirm → login, through the gateway. */
export async function newMember(base: string, tag: string): Promise<Member> {
  const email = newEmail(tag);
  // Set-up, not measured: a loaded machine may take long to hash a password.
  const joined = await call(`${base}/api/user/join`, joinBody({ name: '장애시험', email }), {
    timeoutMs: SETUP_TIMEOUT_MS,
  });
  if (joined.status !== 200) throw new Error(`join failed: ${joined.status} ${JSON.stringify(joined.body)}`);
  const link = linkIn(await readMail(email, [], 20_000), 'confirmEmail');
  const confirmed = await call(
    `${base}/api/user/confirm`,
    { secretId: link.id, secretKey: link.key },
    { timeoutMs: SETUP_TIMEOUT_MS },
  );
  if (confirmed.status !== 200) throw new Error(`confirm failed: ${confirmed.status}`);
  const signedIn = await login(base, email, SETUP_TIMEOUT_MS);
  const user = signedIn.body.user as { id?: number } | undefined;
  if (signedIn.status !== 200 || !signedIn.cookie || !user?.id) throw new Error(`login failed: ${signedIn.status}`);
  return { id: user.id, email, password: PASSWORD, cookie: signedIn.cookie };
}

export interface Headword {
  id: number;
  word: string;
}

/** Distinct headwords of the loaded dictionary, from a few searches. */
export async function headwords(
  base: string,
  queries: string[],
  want: number,
): Promise<{ words: Headword[]; searches: number }> {
  const seen = new Map<number, Headword>();
  let searches = 0;
  for (const searchWord of queries) {
    for (let pageNum = 0; pageNum < 5 && seen.size < want; pageNum++) {
      const r = await call(
        `${base}/api/dic/search/pyojaeItems`,
        { searchWord, pageSize: 50, pageNum },
        { timeoutMs: SETUP_TIMEOUT_MS },
      );
      searches++;
      const items = (r.body.results as { wordInfoItems?: { ID: number; WORD: string }[] } | undefined)?.wordInfoItems;
      if (r.status !== 200 || !items?.length) break;
      for (const it of items) seen.set(it.ID, { id: it.ID, word: it.WORD });
    }
  }
  return { words: [...seen.values()].slice(0, want), searches };
}

export interface LoadPlan {
  base: string;
  sandboxUrl: string;
  searchWords: string[];
  /** Members that save words; each gets its own headwords (no two saves of one word by one member). */
  savers: { member: Member; words: Headword[] }[];
  /** A member only used to sign in again and again (a login replaces the session). */
  loginMember: Member;
  /** One payment each. */
  payers: Member[];
  /** Pause between two payments. */
  payEveryMs: number;
}

export interface LoadResult {
  recs: Rec[];
  /** userId → headword ids whose save was acknowledged (200). */
  saved: Map<number, Set<number>>;
  /** Save attempts that failed and were not acknowledged later. */
  unsaved: Map<number, Set<number>>;
  /** merchant_uid → user id, for payments the client saw completed. */
  paid: Map<string, number>;
  /** merchant_uids of payments that were charged at the sandbox, completed or not. */
  charged: Map<string, number>;
  joined: number;
  logins: number;
  searches: number;
}

/** A bounded async loop per kind; `stop()` ends them after their current request. */
export class Load {
  readonly result: LoadResult = {
    recs: [],
    saved: new Map(),
    unsaved: new Map(),
    paid: new Map(),
    charged: new Map(),
    joined: 0,
    logins: 0,
    searches: 0,
  };
  private running = false;
  private loops: Promise<void>[] = [];

  constructor(private readonly plan: LoadPlan) {}

  private record(kind: Kind, status: number, ok = status === 200): boolean {
    this.result.recs.push({ kind, at: Date.now(), ok, status });
    return ok;
  }

  start(): void {
    this.running = true;
    const p = this.plan;
    this.loops = [
      this.searchLoop(''),
      this.searchLoop(p.savers[0]?.member.cookie ?? ''),
      ...p.savers.map((s) => this.saveLoop(s.member, s.words)),
      this.loginLoop(p.loginMember),
      this.joinLoop(),
      this.payLoop(),
    ];
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  private async searchLoop(cookie: string): Promise<void> {
    let i = 0;
    while (this.running) {
      // Every other query is two random syllables: the dictionary caches answers, and a cached answer
      // would hide an Elasticsearch outage.
      const n = i++;
      const searchWord =
        n % 2 === 0 ? (this.plan.searchWords[(n / 2) % this.plan.searchWords.length] ?? '사랑') : randomSyllables(2);
      const r = await call(
        `${this.plan.base}/api/dic/search/pyojaeItems`,
        { searchWord, pageSize: 10, pageNum: 0 },
        {
          cookie,
        },
      );
      if (this.record('search', r.status)) this.result.searches++;
      await sleep(r.status === 200 ? 150 : 300);
    }
  }

  private async saveLoop(member: Member, words: Headword[]): Promise<void> {
    const saved = new Set<number>();
    const unsaved = new Set<number>();
    this.result.saved.set(member.id, saved);
    this.result.unsaved.set(member.id, unsaved);
    const queue = [...words];
    while (this.running && queue.length) {
      const w = queue.shift()!;
      const r = await call(
        `${this.plan.base}/api/dic/wordbook/insertWordbookItem`,
        { userId: member.id, pyojaeId: w.id, word: w.word, hanja: '', linkUrl: `/dictionary/Search/${w.id}` },
        { cookie: member.cookie },
      );
      if (this.record('wordbook', r.status)) {
        // `duplicate: true` after a failed attempt: that attempt's write had landed; it is acknowledged now.
        saved.add(w.id);
        unsaved.delete(w.id);
      } else {
        unsaved.add(w.id);
        queue.push(w); // tried again later, as a person would
      }
      await sleep(r.status === 200 ? 250 : 400);
    }
  }

  private async loginLoop(member: Member): Promise<void> {
    while (this.running) {
      const r = await login(this.plan.base, member.email);
      if (this.record('login', r.status)) this.result.logins++;
      await sleep(400);
    }
  }

  private async joinLoop(): Promise<void> {
    while (this.running) {
      const r = await call(`${this.plan.base}/api/user/join`, joinBody({ name: '장애시험', email: newEmail('join') }));
      if (this.record('join', r.status)) this.result.joined++;
      await sleep(1_200);
    }
  }

  /** create → sandbox checkout → complete, each step retried until it succeeds (the load keeps going). */
  private async payLoop(): Promise<void> {
    const { base, sandboxUrl } = this.plan;
    for (const payer of this.plan.payers) {
      if (!this.running) return;
      let created: Reply | null = null;
      while (this.running && !created) {
        const r = await call(
          `${base}/api/pay/order/create`,
          { id: 1, pay_method: 'card', pg: 'sandbox' },
          {
            cookie: payer.cookie,
          },
        );
        if (this.record('pay', r.status) && typeof r.body.merchant_uid === 'string') created = r;
        else await sleep(500);
      }
      if (!created) return;
      const merchantUid = created.body.merchant_uid as string;
      const checkout = await call(`${sandboxUrl}/checkout/pay`, {
        params: { merchant_uid: merchantUid, amount: created.body.amount, name: created.body.name },
        card_number: '4242-4242-4242-4242',
      });
      if (checkout.body.success !== true) throw new Error(`sandbox checkout failed: ${JSON.stringify(checkout.body)}`);
      this.result.charged.set(merchantUid, payer.id);
      // Completion is retried even after stop(): a charged payment must end granted.
      for (let attempt = 0; attempt < 240; attempt++) {
        const r = await call(
          `${base}/api/pay/order/complete`,
          { imp_uid: checkout.body.imp_uid, merchant_uid: merchantUid },
          { cookie: payer.cookie },
        );
        if (this.record('pay', r.status, r.status === 200 && r.body.status === 'success')) {
          this.result.paid.set(merchantUid, payer.id);
          break;
        }
        await sleep(500);
      }
      const until = Date.now() + this.plan.payEveryMs;
      while (this.running && Date.now() < until) await sleep(200);
    }
  }
}

export interface FaultWindow {
  /** First failed request after the kill → first moment after which every kind succeeded again. */
  errorWindowMs: number | null;
  failed: number;
  total: number;
  failedKinds: Kind[];
}

/** Error window of the requests answered between `from` and `to`. */
export function windowOf(recs: Rec[], from: number, to: number): FaultWindow {
  const inside = recs.filter((r) => r.at >= from && r.at <= to);
  const failures = inside.filter((r) => !r.ok);
  if (!failures.length) return { errorWindowMs: null, failed: 0, total: inside.length, failedKinds: [] };
  const firstFail = Math.min(...failures.map((r) => r.at));
  const kinds = [...new Set(failures.map((r) => r.kind))];
  let end = firstFail;
  for (const kind of kinds) {
    const lastFail = Math.max(...failures.filter((r) => r.kind === kind).map((r) => r.at));
    const recovered = inside.find((r) => r.kind === kind && r.ok && r.at > lastFail);
    end = Math.max(end, recovered ? recovered.at : to);
  }
  return { errorWindowMs: end - firstFail, failed: failures.length, total: inside.length, failedKinds: kinds };
}
