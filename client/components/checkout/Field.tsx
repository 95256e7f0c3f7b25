import type { InputHTMLAttributes, ReactNode } from 'react';

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
  hint?: ReactNode;
}

/**
 * A labelled text field whose error (and hint) is tied to it with `aria-describedby`, marked
 * `aria-invalid`, and shown right under it. The value lives in the form's state, so nothing
 * typed is lost when a submit fails.
 */
export function Field({ id, label, value, onChange, error, hint, className, ...input }: FieldProps) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A checkbox with its label, the way the checkout's options are shown. */
export function Checkbox({ id, label, checked, onChange }: { id: string; label: string; checked: boolean; onChange(checked: boolean): void }) {
  return (
    <div className="field field--checkbox">
      <input id={id} name={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** Moves focus to the field of the first message (validate() returns them in field order). */
export function focusFirstError(ids: readonly string[]): void {
  const first = ids[0];
  if (!first) return;
  // After React has rendered the messages, so the field is described when focus lands on it.
  requestAnimationFrame(() => document.getElementById(first)?.focus());
}
