import { useId, type ChangeEvent, type HTMLInputTypeAttribute, type ReactNode, type Ref } from 'react';
import { useController, type FieldValues, type Path } from 'react-hook-form';
import type { RuleForm } from './ruleForm';

interface TextFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'numeric' | 'tel';
  hint?: ReactNode;
  readOnly?: boolean;
  maxLength?: number;
  placeholder?: string;
  /** A button beside the input (e.g. the recommender check). */
  action?: ReactNode;
  ref?: Ref<HTMLInputElement>;
  onBlur?: () => void;
}

/** A labelled input whose error is announced and tied to it (aria-invalid, aria-describedby). */
export function TextField({
  label,
  name,
  value,
  onChange,
  error,
  type = 'text',
  autoComplete,
  inputMode,
  hint,
  readOnly,
  maxLength,
  placeholder,
  action,
  ref,
  onBlur,
}: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className={action ? 'field-row' : undefined}>
        <input
          ref={ref}
          id={id}
          name={name}
          type={type}
          value={value}
          onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
          onBlur={onBlur}
          autoComplete={autoComplete}
          inputMode={inputMode}
          readOnly={readOnly}
          maxLength={maxLength}
          placeholder={placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        {action}
      </div>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A value the member cannot change on this form (e.g. the email): text under its name, so it neither
 * looks like a box to type in nor cuts a long address off as an input would.
 */
export function ReadOnlyField({ label, value }: { label: string; value: string }) {
  return (
    <dl className="field field-static">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </dl>
  );
}

interface CheckFieldProps {
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  error?: string | undefined;
  /** A control beside the label (e.g. a button that shows the terms); kept out of the label so it never ticks the box. */
  action?: ReactNode;
  ref?: Ref<HTMLInputElement>;
  onBlur?: () => void;
}

export function CheckField({ name, checked, onChange, children, error, action, ref, onBlur }: CheckFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={action ? 'field field-check field-check-action' : 'field field-check'}>
      <input
        ref={ref}
        id={id}
        name={name}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      <label htmlFor={id}>{children}</label>
      {action}
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

interface RuleFieldProps<V extends FieldValues, O> {
  form: RuleForm<V, O>;
  name: Path<V>;
  /** Fields whose shown error an edit here may settle (default: this one; a password also its confirmation). */
  recheck?: readonly Path<V>[];
  /** Called after the value changed (e.g. the recommender forgets its last check). */
  onEdit?: (value: V[Path<V>]) => void;
}

type Bound = 'name' | 'onChange' | 'error' | 'ref' | 'onBlur';

/** What a bound field hands its input: the value, its first error, the ref that takes focus. */
function useRuleField<V extends FieldValues, O>({ form, name, recheck = [name], onEdit }: RuleFieldProps<V, O>) {
  const { field, fieldState } = useController({ control: form.control, name });
  return {
    value: field.value as unknown,
    bound: {
      ref: field.ref,
      name,
      onBlur: field.onBlur,
      error: fieldState.error?.message,
      onChange: (value: string | boolean) => {
        field.onChange(value);
        onEdit?.(value as V[Path<V>]);
        form.recheck(...recheck);
      },
    },
  };
}

/** A TextField bound to a rule-checked form: its value, its first error, focus on a failed submit. */
export function RuleTextField<V extends FieldValues, O>({
  form,
  name,
  recheck,
  onEdit,
  ...props
}: RuleFieldProps<V, O> & Omit<TextFieldProps, Bound | 'value'>) {
  const { value, bound } = useRuleField({ form, name, recheck, onEdit });
  return <TextField {...props} {...bound} value={value as string} />;
}

/** A CheckField bound to a rule-checked form. */
export function RuleCheckField<V extends FieldValues, O>({
  form,
  name,
  recheck,
  onEdit,
  ...props
}: RuleFieldProps<V, O> & Omit<CheckFieldProps, Bound | 'checked'>) {
  const { value, bound } = useRuleField({ form, name, recheck, onEdit });
  return <CheckField {...props} {...bound} checked={value === true} />;
}

/** A message about the whole form (the server's answer), announced politely or as an alert. */
export function FormStatus({ message, tone }: { message: string | null; tone: 'error' | 'success' }) {
  if (!message) return null;
  return (
    <p
      className={tone === 'error' ? 'callout callout-warning' : 'callout'}
      role={tone === 'error' ? 'alert' : 'status'}
    >
      {message}
    </p>
  );
}
