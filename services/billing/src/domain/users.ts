// Billing does not own users: email and name come from the account service, off
// the hot path. The HTTP adapter is src/adapters/accountDirectory.ts.

export interface UserContact {
  id: number;
  email: string;
  name: string;
}

export interface UserDirectory {
  lookup(ids: number[]): Promise<Map<number, UserContact>>;
  /** Ids of users whose email or name contains `keyword` (admin payment search). */
  search(column: 'email' | 'name', keyword: string): Promise<number[]>;
}

/** Sends mail to a member (the LOCK notice). */
export interface Mailer {
  send(to: string, subject: string, text: string): Promise<void>;
}
