import type { z } from 'zod';

/** The first message per field, keyed by the field's name. */
export type FieldErrors = Partial<Record<string, string>>;

export type Checked<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors; first: string | null };

/**
 * Parses form values with a shared schema (@syn/kit/rules, the same one the
 * service parses) and returns the first message of each field, fields ranked
 * in the form's order so focus goes to the first rule the user broke.
 */
export function check<S extends z.ZodType>(
  schema: S,
  values: unknown,
  fields: readonly string[],
): Checked<z.output<S>> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const rank = (name: string) => {
    const at = fields.indexOf(name);
    return at < 0 ? fields.length : at;
  };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const name = String(issue.path[0] ?? '');
    if (errors[name] === undefined) errors[name] = issue.message;
  }
  const first = Object.keys(errors).sort((a, b) => rank(a) - rank(b))[0] ?? null;
  return { ok: false, errors, first };
}

/** Moves focus to the named control of a form (the first invalid field after a failed submit). */
export function focusField(form: HTMLFormElement | null, name: string | null): void {
  if (!form || !name) return;
  const control = form.elements.namedItem(name);
  if (control instanceof HTMLElement) control.focus();
}
