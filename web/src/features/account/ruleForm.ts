import { zodResolver } from '@hookform/resolvers/zod';
import {
  get,
  useForm,
  type DefaultValues,
  type FieldError,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type SubmitHandler,
  type UseFormReturn,
} from 'react-hook-form';
import { useState, type FormEvent } from 'react';
import type { z } from 'zod';

interface RuleResolverOptions<V extends FieldValues> {
  /** A rule of a value the member does not type (the recommender's id) shown at the field they do type. */
  shownAt?: Partial<Record<string, Path<V>>>;
  /** Form-only rules on top of the shared schema; each replaces the schema's message at its field. */
  formRules?: (values: V) => Partial<Record<Path<V> & string, string>>;
}

/**
 * A react-hook-form resolver over a shared schema of @syn/kit/rules (the one the service parses):
 * the first message of each field, with the form's own additions.
 */
export function ruleResolver<V extends FieldValues, S extends z.ZodType<unknown, FieldValues>>(
  schema: S,
  { shownAt = {}, formRules }: RuleResolverOptions<V> = {},
): Resolver<V, unknown, z.output<S>> {
  // Synchronous parsing: the schemas have no async rules, and an edit's re-check should not wait.
  const shared = zodResolver(schema, undefined, { mode: 'sync' }) as unknown as Resolver<V, unknown, z.output<S>>;
  return async (values, context, options) => {
    const result = await shared(values, context, options);
    const errors: Record<string, unknown> = { ...result.errors };
    for (const [from, to] of Object.entries(shownAt)) {
      if (to === undefined || errors[from] === undefined) continue;
      errors[to] = errors[from];
      delete errors[from];
    }
    const own: Partial<Record<string, string>> = formRules?.(values) ?? {};
    for (const [name, message] of Object.entries(own)) {
      if (message !== undefined) errors[name] = { type: 'form', message } satisfies FieldError;
    }
    if (Object.keys(errors).length === 0) return result;
    return { values: {}, errors: errors as FieldErrors<V> };
  };
}

export interface RuleForm<V extends FieldValues, O> extends UseFormReturn<V, unknown, O> {
  /**
   * After an edit: the named fields that show an error are checked again, so the error goes as
   * soon as the value is valid and follows the value while it is not. Other fields are left alone
   * until the next submit, so nobody is scolded halfway through typing.
   */
  recheck: (...names: Path<V>[]) => void;
  /**
   * The form's onSubmit: clears the last failure, checks the rules, and on a broken rule moves focus
   * to the first broken field in the form's order; `onValid` gets the parsed request.
   */
  onSubmit: (onValid: SubmitHandler<O>) => (event: FormEvent<HTMLFormElement>) => void;
  /** The server's refusal of the last submit, shown above the button (FormStatus). */
  failure: string | null;
  setFailure: (message: string | null) => void;
}

/**
 * A form checked by a shared rule: every message at once on submit, focus on the first broken
 * field of `order` (the order the rules are written in, not the order the fields were drawn).
 */
export function useRuleForm<V extends FieldValues, O>({
  resolver,
  defaultValues,
  order,
}: {
  resolver: Resolver<V, unknown, O>;
  defaultValues: DefaultValues<V>;
  order: readonly Path<V>[];
}): RuleForm<V, O> {
  const form = useForm<V, unknown, O>({
    resolver,
    defaultValues,
    mode: 'onSubmit',
    // Re-checks after an edit are ours (recheck): react-hook-form's would also scold a field that
    // had no error, e.g. a box unticked after it was fixed.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const recheck = (...names: Path<V>[]) => {
    // Read live (getFieldState), not from the render's formState snapshot.
    const shown = names.filter((name) => form.getFieldState(name).error !== undefined);
    if (shown.length > 0) void form.trigger(shown);
  };
  const [failure, setFailure] = useState<string | null>(null);
  const onSubmit = (onValid: SubmitHandler<O>) => {
    const handle = form.handleSubmit(onValid, (errors) => {
      const first = order.find((name) => get(errors, name) !== undefined);
      if (first !== undefined) form.setFocus(first);
    });
    return (event: FormEvent<HTMLFormElement>) => {
      setFailure(null);
      void handle(event);
    };
  };
  return { ...form, recheck, onSubmit, failure, setFailure };
}
