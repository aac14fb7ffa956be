// Pieces of the billing contract that several routes share (beside their handlers in member.ts,
// subscribe.ts, admin.ts, payConfig.ts and coupons/contract.ts): requests naming one order, and
// the documented success bodies (spec §3) more than one route answers.
import { BILLING_MESSAGES as M } from '@syn/kit/rules';
import { z } from 'zod';
import { optText, text } from './input';

export const merchantRequest = z.object({ merchant_uid: text(M.orderRequired) });
export const merchantCancelRequest = z.object({ merchant_uid: text(M.orderRequired), reason: optText });

export const int32 = z.number().int();
export const day = z.string().nullable();
export const message = z.string();
export const passState = z.enum(['START', 'STANDBY', 'FAIL', 'CANCEL', 'EXPIRED', 'LOCK']);
export const orderState = z.enum(['SUCCESS', 'STANDBY', 'FAIL', 'CANCEL']);
export const subscriptionState = z.enum(['STANDBY', 'START', 'CANCEL', 'LOCK', 'FAIL']);

export const passDatesBody = z.object({ STATUS: passState, START_DATE: day, END_DATE: day, LOCK_DATE: day }).nullable();

export const payment = z.object({
  ORDER_ID: int32,
  MERCHANT_UID: z.string(),
  NAME: z.string(),
  ITEM_ID: int32,
  AMOUNT: int32,
  STATUS: z.string(),
  O_STATUS: orderState,
  REFUND: z.string().nullable(),
  PG: z.string().nullable(),
  PAY_METHOD: z.string().nullable(),
  CREATE_DATE: day,
  UPDATE_DATE: day,
});

/** A verified payment: granted (or already granted) with its pass, or still pending at the provider. */
export const withCode = (extra: z.ZodRawShape) =>
  z.union([
    z.object({ ...extra, status: z.literal('success'), merchant_uid: z.string(), used: passDatesBody }),
    z.object({ ...extra, status: z.literal('pending'), merchant_uid: z.string() }),
  ]);

/** An administrator's cancel or refund done. */
export const adminDone = z.object({ status: z.literal('success'), code: z.literal('success'), message });
