// The member as the web app stores it (spec §3 "Stored user") and the paid status rule.

export type PassState = 'valid' | 'none';

export interface PassSummary {
  status: PassState;
  /** The item id of the pass in use, null when none. */
  item: number | null;
}

export interface Member {
  id: number;
  email: string;
  name: string;
  phone: string;
  grade: number;
  emailVerified: boolean;
  deviceKey: string;
  createdAt: Date;
  withdrawn: boolean;
}

/** Spec §3 stored user: id, userEmail, grade, status, item, curKey. */
export function storedUser(m: Member, pass: PassSummary) {
  return { id: m.id, userEmail: m.email, grade: m.grade, status: pass.status, item: pass.item, curKey: m.deviceKey };
}

/** Spec §3 user of the account screens. */
export function accountUser(m: Member, pass: PassSummary) {
  return { id: m.id, userEmail: m.email, userName: m.name, userPhone: m.phone, status: pass.status };
}

export interface PassRow {
  itemId: number;
  status: string;
  endDate: Date | null;
}

/** `valid` while some pass is START and ends in the future; `item` is that pass (the latest ending). */
export function passSummary(passes: PassRow[], now: Date): PassSummary {
  const live = passes
    .filter((p) => p.status === 'START' && p.endDate !== null && p.endDate.getTime() > now.getTime())
    .sort((a, b) => (b.endDate?.getTime() ?? 0) - (a.endDate?.getTime() ?? 0));
  const best = live[0];
  return best ? { status: 'valid', item: best.itemId } : { status: 'none', item: null };
}
