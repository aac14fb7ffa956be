import { DAY_MS } from './clock';

// Dates are shown as YYYY-MM-DD in Korean time (the service's audience).
const ymdFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Seoul',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const dateTimeFormat = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Seoul',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

export function ymd(d: Date | null | undefined): string | null {
  return d ? ymdFormat.format(d) : null;
}

/** `YYYY-MM-DD HH:mm:ss`, Korean time. */
export function dateTime(d: Date | null | undefined): string | null {
  return d ? dateTimeFormat.format(d) : null;
}

/** Whole days left until `end`, rounded up; 0 once it has passed. */
export function remainingDays(now: Date, end: Date): number {
  return Math.max(0, Math.ceil((end.getTime() - now.getTime()) / DAY_MS));
}
