// Text every service accepts from a client: well-formed UTF-16 and of bounded length, and the
// Korean wording of zod's own issues (spec: every message a client sees is Korean). Browser-safe.
import { z } from 'zod';

export const TEXT_MESSAGES = {
  /** A lone surrogate: no keyboard produces it, and encodeURIComponent / drivers throw on it. */
  illFormed: '요청에 올바르지 않은 문자가 포함되어 있습니다.',
  invalid: '입력값이 올바르지 않습니다.',
} as const;

type MaybeWellFormed = { isWellFormed?: () => boolean };

/** True when `s` holds no lone surrogate (String#isWellFormed, with a fallback for older runtimes). */
export function isWellFormedText(s: string): boolean {
  const native = (s as unknown as MaybeWellFormed).isWellFormed;
  return typeof native === 'function' ? native.call(s) : !/\p{Cs}/u.test(s);
}

/**
 * Whether any string or key inside a parsed body or query is not well-formed UTF-16.
 * Iterative: bodies may nest thousands deep.
 */
export function holdsIllFormedText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (!isWellFormedText(next)) return true;
    } else if (typeof next === 'object' && next !== null) {
      for (const [key, inner] of Object.entries(next)) {
        if (!isWellFormedText(key)) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

/** Korean "at most N characters" for a field (the label is the caller's noun, e.g. '사유'). */
export const tooLongMessage = (max: number, label = '입력값'): string =>
  `${label}은(는) ${max}자 이하로 입력해 주세요.`;

/**
 * Free text from a client: a well-formed string of at most `max` characters (after trimming).
 * `message` (when given) answers every failure, as the spec's form messages do; without it the
 * Korean error map words the failure with the field's name.
 */
export function boundedText(max: number, message?: string) {
  const own = message ? { message } : undefined;
  return z
    .string(own)
    .trim()
    .max(max, own)
    .refine(isWellFormedText, { message: message ?? TEXT_MESSAGES.illFormed });
}

// --- zod's issues in Korean -----------------------------------------------------------------

/** What a value must be, by zod's `expected` name. */
const MUST_BE: Record<string, string> = {
  string: '문자열이어야 합니다',
  number: '숫자여야 합니다',
  int: '정수여야 합니다',
  bigint: '정수여야 합니다',
  boolean: '참 또는 거짓(true/false)이어야 합니다',
  date: '날짜여야 합니다',
  array: '배열이어야 합니다',
  tuple: '배열이어야 합니다',
  set: '배열이어야 합니다',
  object: '객체여야 합니다',
  record: '객체여야 합니다',
  map: '객체여야 합니다',
  null: '비어 있어야 합니다',
  undefined: '비어 있어야 합니다',
  never: '보낼 수 없는 항목입니다',
};

/** The issue's subject: the field name as the client sent it, or '입력값' for the whole body. */
function subject(path: readonly PropertyKey[] | undefined): string {
  const named = (path ?? []).filter((p): p is string | number => typeof p === 'string' || typeof p === 'number');
  // Only schema keys and array indices reach a path; clipped anyway, as it is echoed to the client.
  // Quoted with ‘ ’ like every other name the product quotes.
  return named.length ? `‘${named.join('.').slice(0, 60)}’ 항목` : '입력값';
}

const quantity = (n: number | bigint): string => String(n);

/** A finalized or raw zod issue, as both the error map and the error handler see it. */
type AnyIssue = z.core.$ZodIssue | z.core.$ZodRawIssue;

/**
 * The Korean text of one zod issue. Installed as zod's global `customError` (kit errors.ts), it
 * words only the issues a schema left without a message: the spec's own messages always win.
 */
export function koreanIssueMessage(issue: AnyIssue): string {
  const who = subject(issue.path);
  switch (issue.code) {
    case 'invalid_type': {
      if ('input' in issue && issue.input === undefined && issue.expected !== 'undefined') {
        return `${who}을 입력해 주세요.`;
      }
      const must = MUST_BE[String(issue.expected)];
      return must ? `${who}은 ${must}.` : `${who}의 형식이 올바르지 않습니다.`;
    }
    case 'too_big': {
      const max = quantity(issue.maximum);
      switch (issue.origin) {
        case 'string':
          return `${who}은 ${max}자 이하로 입력해 주세요.`;
        case 'number':
        case 'int':
        case 'bigint':
          return issue.inclusive === false ? `${who}은 ${max}보다 작아야 합니다.` : `${who}은 ${max} 이하여야 합니다.`;
        case 'array':
        case 'set':
          return `${who}은 ${max}개 이하로 보내 주세요.`;
        default:
          return `${who}의 값이 너무 큽니다.`;
      }
    }
    case 'too_small': {
      const min = quantity(issue.minimum);
      switch (issue.origin) {
        case 'string':
          return Number(issue.minimum) <= 1 ? `${who}을 입력해 주세요.` : `${who}은 ${min}자 이상 입력해 주세요.`;
        case 'number':
        case 'int':
        case 'bigint':
          return issue.inclusive === false ? `${who}은 ${min}보다 커야 합니다.` : `${who}은 ${min} 이상이어야 합니다.`;
        case 'array':
        case 'set':
          return `${who}은 ${min}개 이상 보내 주세요.`;
        default:
          return `${who}의 값이 너무 작습니다.`;
      }
    }
    case 'invalid_format':
      return issue.format === 'email'
        ? `${who}의 이메일 형식이 올바르지 않습니다.`
        : `${who}의 형식이 올바르지 않습니다.`;
    case 'not_multiple_of':
      return `${who}은 ${issue.divisor}의 배수여야 합니다.`;
    case 'unrecognized_keys':
      // The unknown keys are the client's own text: not echoed.
      return '알 수 없는 항목이 포함되어 있습니다.';
    case 'invalid_value': {
      const values = issue.values.filter((v) => typeof v === 'string' || typeof v === 'number');
      return values.length > 0 && values.length <= 10
        ? `${who}은 ${values.join(', ')} 중 하나여야 합니다.`
        : `${who}의 값이 올바르지 않습니다.`;
    }
    default:
      return `${who}의 값이 올바르지 않습니다.`;
  }
}

/** zod's error map form of `koreanIssueMessage`, for `z.config({ customError })`. */
export const koreanErrorMap: z.core.$ZodErrorMap = (issue) => koreanIssueMessage(issue);
