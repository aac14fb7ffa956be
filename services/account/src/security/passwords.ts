// Password hashing: argon2id with a server-side pepper passed as argon2's secret input,
// so a stolen users table alone cannot be brute-forced offline.
import argon2 from 'argon2';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
  /** Spends the time of one verification, for unknown accounts (same answer, same timing). */
  burn(password: string): Promise<void>;
}

// OWASP's argon2id setting (19 MiB, t=2, p=1): about 0.1 s a hash on this 2-core class of
// machine, so logins stay responsive; the pepper and login throttling carry the rest.
const OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function createHasher(pepper: string): PasswordHasher {
  const secret = Buffer.from(pepper, 'utf8');
  let dummy: Promise<string> | null = null;
  const verify = async (hash: string, password: string): Promise<boolean> => {
    if (!hash.startsWith('$argon2')) return false;
    try {
      return await argon2.verify(hash, password, { secret });
    } catch {
      return false;
    }
  };
  return {
    hash: (password) => argon2.hash(password, { ...OPTIONS, secret }),
    verify,
    burn: async (password) => {
      dummy ??= argon2.hash('timing-equaliser', { ...OPTIONS, secret });
      await verify(await dummy, password);
    },
  };
}

/** Dev/test default pepper. Production must set PASSWORD_PEPPER (start-up refuses otherwise). */
export const DEV_PEPPER = 'syndict-dev-pepper-not-for-production';

/** The pepper to use: PASSWORD_PEPPER, or the fixed dev default only when NODE_ENV is development/test. */
export function resolvePepper(env: { NODE_ENV: string; PASSWORD_PEPPER?: string | undefined }): string {
  if (env.PASSWORD_PEPPER) return env.PASSWORD_PEPPER;
  if (env.NODE_ENV === 'development' || env.NODE_ENV === 'test') return DEV_PEPPER;
  throw new Error('PASSWORD_PEPPER is required when NODE_ENV is production');
}
