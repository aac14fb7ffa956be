// What the next request of the mix is: the operation (by the ladder's shares, from a seeded sequence),
// who sends it, its body, and how its answer is judged.
import type { Query } from '../dataset';
import type { Feed } from '../queries';
import { opAt, prng, type Op } from '../ladder';
import type { LoginMember, Member } from './members';

/** A member with this many words deletes rather than saves, so wordbooks stay small across steps. */
const WORDBOOK_CAP = 20;

const random = prng(11);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const pickOp = (): Op => opAt(random());

export interface Planned {
  op: Op;
  body: string;
  path: string;
  cookie: string;
  /** '' when the answer is what this request should get; otherwise why not. */
  check(status: number, body: Record<string, unknown>, setCookie: string): string;
  /** The request was abandoned at the end of a step (no answer): release what it held. */
  release(): void;
}

/** Everyone and everything the mix draws on. */
export interface World {
  members: Member[];
  logins: LoginMember[];
  visitors: string[];
  /** Never-sent queries, one per search. */
  queries: Feed<Query>;
  ids: number[];
  words: Map<number, string>;
}

/** The next request of the mix; what it takes (a word being saved, a login member) stays marked until it is answered. */
export function plan(w: World): Planned {
  let op = pickOp();
  const member = pick(w.members);
  if (op === 'wordbook-save' && member.items.size >= WORDBOOK_CAP) op = 'wordbook-delete';
  const deletable = [...member.items.values()].filter((id) => !member.deleting.has(id));
  if (op === 'wordbook-delete' && deletable.length === 0) op = 'wordbook-save';
  const idle = w.logins.filter((l) => !l.busy);
  if (op === 'login' && idle.length === 0) op = 'validate';
  const none = () => undefined;
  const ok200 = (status: number) => (status === 200 ? '' : `HTTP ${status}`);

  switch (op) {
    case 'search-visitor':
    case 'search-member': {
      const q = w.queries.next();
      return {
        op,
        path: '/api/dic/search/pyojaeItems',
        cookie: op === 'search-member' ? member.cookie : pick(w.visitors),
        body: JSON.stringify({ searchWord: q.text, pageSize: 10, pageNum: 0 }),
        check: (status, body) => {
          if (status !== 200) return `HTTP ${status}`;
          const results = body.results as { wordInfoItems?: unknown } | undefined;
          return Array.isArray(results?.wordInfoItems) ? '' : 'no wordInfoItems';
        },
        release: none,
      };
    }
    case 'detail-visitor':
    case 'detail-member': {
      const id = pick(w.ids);
      const asMember = op === 'detail-member';
      return {
        op,
        path: '/api/dic/search/wordSynItems',
        cookie: asMember ? member.cookie : pick(w.visitors),
        body: JSON.stringify({
          userId: asMember ? member.id : 99999999,
          pyojaeId: id,
          userAuthKey: asMember ? member.deviceKey : '',
        }),
        check: (status, body) => {
          if (status !== 200) return `HTTP ${status}`;
          if (body.authKeyError) return 'authKeyError';
          return Array.isArray(body.wordSynItems) ? '' : 'no wordSynItems';
        },
        release: none,
      };
    }
    case 'wordbook-list':
      return {
        op,
        path: '/api/dic/wordbook/searchWordbookItems',
        cookie: member.cookie,
        body: JSON.stringify({ userId: member.id, pageSize: 10, pageNum: 0 }),
        check: (status, body) => ok200(status) || (Array.isArray(body.wordBookItems) ? '' : 'no wordBookItems'),
        release: none,
      };
    case 'wordbook-save': {
      let id = pick(w.ids);
      while (member.items.has(id) || member.saving.has(id)) id = pick(w.ids);
      member.saving.add(id);
      return {
        op,
        path: '/api/dic/wordbook/insertWordbookItem',
        cookie: member.cookie,
        body: JSON.stringify({ userId: member.id, pyojaeId: id, word: w.words.get(id) ?? '', hanja: '', linkUrl: '' }),
        check: (status, body) => {
          member.saving.delete(id);
          if (status !== 200) return `HTTP ${status}`;
          // Designed never to happen: a word is saved only when this member does not hold it.
          if (body.duplicate !== false || typeof body.itemId !== 'string') return 'duplicate save';
          member.items.set(id, body.itemId);
          return '';
        },
        release: () => member.saving.delete(id),
      };
    }
    case 'wordbook-delete': {
      const itemId = pick(deletable);
      member.deleting.add(itemId);
      return {
        op,
        path: '/api/dic/wordbook/deleteWordbookItem',
        cookie: member.cookie,
        body: JSON.stringify({ userId: member.id, itemId }),
        check: (status) => {
          member.deleting.delete(itemId);
          if (status !== 200) return `HTTP ${status}`;
          for (const [word, item] of member.items) if (item === itemId) member.items.delete(word);
          return '';
        },
        release: () => member.deleting.delete(itemId),
      };
    }
    case 'login': {
      const who = pick(idle);
      who.busy = true;
      return {
        op,
        path: '/api/user/login',
        // The previous session's cookie goes along, as from a browser: the account service ends that session.
        cookie: who.cookie,
        body: JSON.stringify({ email: who.email, password: who.password }),
        check: (status, body, setCookie) => {
          who.busy = false;
          if (status !== 200) return `HTTP ${status}`;
          if (!setCookie) return 'no session cookie';
          who.cookie = setCookie;
          const user = body.user as { userEmail?: string } | undefined;
          return user?.userEmail === who.email ? '' : 'wrong user';
        },
        release: () => (who.busy = false),
      };
    }
    case 'validate':
      return {
        op,
        path: '/api/user/validate',
        cookie: member.cookie,
        body: JSON.stringify({ id: member.id }),
        check: (status, body) => {
          if (status !== 200) return `HTTP ${status}`;
          const user = body.user as { id?: number } | undefined;
          return user?.id === member.id ? '' : 'wrong user';
        },
        release: none,
      };
  }
}
