// The people of the run: members (signed up through the real join → mail → confirm → login flow,
// device claimed, some saved words), login-only members and visitors, all set up through the gateway.
import { joinBody } from '../../../services/account/test/support';
import { api, must, type Reply } from './http';
import { confirmLinks } from './mail';

/** Members who only log in (each login ends the session of the one before, as a browser's re-login does). */
export const LOGIN_MEMBERS = 20;
export const VISITORS = 50;
export const SAVED_AT_START = 5;

export interface Member {
  id: number;
  email: string;
  cookie: string;
  deviceKey: string;
  /** headword id → wordbook item id, as the server last said. */
  items: Map<number, string>;
  /** Headword ids being saved and item ids being deleted right now (never two of one at once). */
  saving: Set<number>;
  deleting: Set<string>;
}

export interface LoginMember {
  email: string;
  password: string;
  cookie: string;
  busy: boolean;
}

const PASSWORD = 'load-ladder 9 pass';

/** Runs `fn` over `items`, `limit` at a time. */
async function each<T>(items: readonly T[], limit: number, fn: (item: T, i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      await fn(items[i] as T, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** join → confirmation mail → confirm → login, all through the gateway. Returns the signed-in cookies. */
async function signUp(
  base: string,
  emails: readonly string[],
  log: (line: string) => void,
): Promise<Map<string, Reply>> {
  await each(emails, 4, async (email) => {
    await must(
      `join ${email}`,
      api(base, '/api/user/join', joinBody({ name: '부하시험', email, password: PASSWORD, passwordConfirm: PASSWORD })),
    );
  });
  const links = await confirmLinks(emails, process.env.MAIL_WEB_URL ?? 'http://127.0.0.1:1080', log);
  const logins = new Map<string, Reply>();
  await each(emails, 4, async (email) => {
    const link = links.get(email.toLowerCase());
    await must(
      `confirm ${email}`,
      api(base, '/api/user/confirm', {
        secretId: link?.searchParams.get('id') ?? '',
        secretKey: link?.searchParams.get('key') ?? '',
      }),
    );
    const login = await must(`login ${email}`, api(base, '/api/user/login', { email, password: PASSWORD }));
    if (!login.cookie) throw new Error(`login ${email}: no session cookie`);
    logins.set(email, login);
  });
  return logins;
}

/** Signs up `count` members and LOGIN_MEMBERS login-only members, all with addresses of this `run` only. */
export async function signUpPeople(
  base: string,
  run: string,
  count: number,
  log: (line: string) => void,
): Promise<{ members: Member[]; logins: LoginMember[] }> {
  const memberEmails = Array.from({ length: count }, (_, i) => `load.${run}.m${i}@example.com`);
  const loginEmails = Array.from({ length: LOGIN_MEMBERS }, (_, i) => `load.${run}.l${i}@example.com`);
  const signedIn = await signUp(base, [...memberEmails, ...loginEmails], log);
  const members = memberEmails.map((email, i): Member => {
    const r = signedIn.get(email) as Reply;
    return {
      id: (r.body.user as { id: number }).id,
      email,
      cookie: r.cookie,
      deviceKey: `load-device-${run}-${i}`,
      items: new Map(),
      saving: new Set(),
      deleting: new Set(),
    };
  });
  const logins = loginEmails.map((email): LoginMember => ({
    email,
    password: PASSWORD,
    cookie: signedIn.get(email)?.cookie ?? '',
    busy: false,
  }));
  return { members, logins };
}

/** Claims each member's device and saves SAVED_AT_START words of `ids` to their wordbook. */
export async function claimDevicesAndSave(
  base: string,
  members: readonly Member[],
  ids: readonly number[],
  words: ReadonlyMap<number, string>,
): Promise<void> {
  await each(members, 4, async (m, i) => {
    await must(
      'device claim',
      api(base, '/api/user/updateUserConnectInfo', { userId: m.id, userAuthKey: m.deviceKey }, m.cookie),
    );
    for (let k = 0; k < SAVED_AT_START; k++) {
      const id = ids[((i * SAVED_AT_START + k) * 7) % ids.length] as number;
      const r = await must(
        'save',
        api(
          base,
          '/api/dic/wordbook/insertWordbookItem',
          { userId: m.id, pyojaeId: id, word: words.get(id) },
          m.cookie,
        ),
      );
      if (typeof r.body.itemId === 'string') m.items.set(id, r.body.itemId);
    }
  });
}

/**
 * Opens VISITORS visitor sessions with a first detail view each, adding every cookie to `visitors`
 * as it comes (so a failure half-way still leaves those opened to be logged out).
 */
export async function openVisitorSessions(base: string, ids: readonly number[], visitors: string[]): Promise<void> {
  await each(
    Array.from({ length: VISITORS }, (_, i) => i),
    4,
    async (i) => {
      const r = await must(
        'visitor detail',
        api(base, '/api/dic/search/wordSynItems', { userId: 99999999, pyojaeId: ids[i], userAuthKey: '' }),
      );
      if (!r.cookie) throw new Error('a first visit got no session cookie');
      visitors.push(r.cookie);
    },
  );
}

async function wordbookOf(base: string, m: Member): Promise<Map<number, string>> {
  const items = new Map<number, string>();
  for (let page = 0; ; page++) {
    const r = await must(
      'wordbook list',
      api(base, '/api/dic/wordbook/searchWordbookItems', { userId: m.id, pageSize: 100, pageNum: page }, m.cookie),
    );
    const rows = (r.body.wordBookItems ?? []) as { ID: string; WORD_ID: number }[];
    for (const row of rows) items.set(row.WORD_ID, row.ID);
    if (page + 1 >= Number(r.body.totalPages ?? 0)) return items;
  }
}

/** Takes every member's wordbook from the server: requests cut off at a step's end may have saved or deleted. */
export async function refreshWordbooks(base: string, members: readonly Member[]): Promise<void> {
  await each(members, 4, async (m) => {
    m.items = await wordbookOf(base, m);
  });
}

/** Ends every session the run opened (a failed logout is of no consequence: the stack stops next). */
export async function logOut(base: string, cookies: readonly string[]): Promise<void> {
  await Promise.all(
    cookies.map((cookie) => api(base, '/api/user/logout', undefined, cookie, 'GET').catch(() => undefined)),
  );
}
