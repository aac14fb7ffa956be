// Request input: the spec's clients send JSON bodies, form bodies ("body shaped as
// params") and, on mobile redirects, query strings. Handlers read one merged view.
import { boundedText } from '@syn/kit/rules';
import { z } from 'zod';

/** Query, then body, then a nested `params` / `data` / `paymentData` / `paymentDataFromPG` object (kit). */
export { requestFields as inputOf } from '@syn/kit';

/** Free text, ids and reasons: bounded (the Korean error map names the field when it is too long). */
export const optText = z.preprocess((v) => (v === null || v === '' ? undefined : v), boundedText(500).optional());
export const text = (message: string) => boundedText(200, message).min(1, { message });
/** Ids and counts are PostgreSQL integers: a value past int4 is refused here, not by the database (500). */
export const int = (message: string) =>
  z.coerce.number({ message }).int({ message }).min(-2147483648, { message }).max(2147483647, { message });
export const page = {
  pageSize: z.coerce.number().int().min(1).max(100).catch(10).default(10),
  /** Zero-based (spec §9), like every list of the gateway's clients. */
  pageNum: z.coerce.number().int().min(0).catch(0).default(0),
};
/** imp_success arrives as the text "true"/"false" from redirects. */
export const flag = z.preprocess(
  (v) => (v === undefined ? undefined : v === true || v === 'true'),
  z.boolean().optional(),
);
