// UserDirectory over the account service's internal HTTP API (off the hot path).
import { ANONYMOUS_GRADE, ANONYMOUS_USER_ID, identityHeaders } from '@syn/kit';
import type { UserContact, UserDirectory } from '../domain/users';

export class AccountDirectory implements UserDirectory {
  constructor(
    private readonly baseUrl: string,
    /** Signs each call: the account service's /internal routes answer only other services. */
    private readonly identitySecret: string,
    private readonly timeoutMs = 3_000,
  ) {}

  private async post<T>(path: string, body: unknown): Promise<T> {
    const res = await fetch(this.baseUrl.replace(/\/$/, '') + path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        // The billing service asks for itself, on behalf of no member.
        ...identityHeaders(this.identitySecret, 'billing', 'POST', path, {
          userId: ANONYMOUS_USER_ID,
          grade: ANONYMOUS_GRADE,
        }),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (!res.ok) throw new Error(`account service ${path} answered ${res.status}`);
    return (await res.json()) as T;
  }

  async lookup(ids: number[]): Promise<Map<number, UserContact>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const { users } = await this.post<{ users: UserContact[] }>('/internal/users/lookup', { ids: unique });
    return new Map(users.map((u) => [u.id, u]));
  }

  async search(column: 'email' | 'name', keyword: string): Promise<number[]> {
    const { ids } = await this.post<{ ids: number[] }>('/internal/users/search', { column, keyword });
    return ids;
  }
}
