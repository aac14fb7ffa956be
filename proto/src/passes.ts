// PassChanged as plain values: the one decoding every consumer's "paid member" projection uses.
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { PassStatus } from './gen/syn/events/v1/billing_pb';
import type { Envelope } from './gen/syn/events/v1/envelope_pb';

/** Proto enum → the stored words of spec §3 usage status. */
export const PASS_STATUS_WORDS: Readonly<Record<PassStatus, string>> = {
  [PassStatus.UNSPECIFIED]: 'UNKNOWN',
  [PassStatus.START]: 'START',
  [PassStatus.STANDBY]: 'STANDBY',
  [PassStatus.FAIL]: 'FAIL',
  [PassStatus.CANCEL]: 'CANCEL',
  [PassStatus.EXPIRED]: 'EXPIRED',
  [PassStatus.LOCK]: 'LOCK',
};

export interface PassChange {
  passId: number;
  userId: number;
  itemId: number;
  /** START, STANDBY, FAIL, CANCEL, EXPIRED, LOCK (UNKNOWN for an unset status). */
  status: string;
  startDate: Date | null;
  endDate: Date | null;
}

/** The pass change an envelope carries, or null when it carries another event. */
export function passChangeOf(env: Envelope): PassChange | null {
  if (env.event.case !== 'passChanged') return null;
  const p = env.event.value;
  return {
    passId: p.passId,
    userId: p.userId,
    itemId: p.itemId,
    status: PASS_STATUS_WORDS[p.status] ?? 'UNKNOWN',
    startDate: p.startDate ? timestampDate(p.startDate) : null,
    endDate: p.endDate ? timestampDate(p.endDate) : null,
  };
}
