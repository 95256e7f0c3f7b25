import type { InputHTMLAttributes, ReactNode } from 'react';

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'onChange' | 'value'> {
  /** Unique within the page: the input's id and name (forms on one page use a prefix). */
  id: string;
  label: string;
  value: string;
  onValue(value: string): void;
  error?: string | null;
  hint?: ReactNode;
}

/**
 * A labelled input of the account forms: visible label, the hint and the error tied to the
 * input with `aria-describedby`, `aria-invalid` while the error shows. Callers give the right
 * `type`, `autoComplete` and `inputMode` (COMMON rules for forms).
 */
export function Field({ id, label, value, onValue, error, hint, className, ...input }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field ${error ? 'field--invalid' : ''} ${className ?? ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        {...input}
        id={id}
        name={id}
        className="field__input"
        value={value}
        onChange={(event) => onValue(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

export function Checkbox({ id, label, checked, onChecked, error }: { id: string; label: ReactNode; checked: boolean; onChecked(value: boolean): void; error?: string | null }) {
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={`field field--check ${error ? 'field--invalid' : ''}`}>
      <input
        id={id}
        name={id}
        type="checkbox"
        className="field__check"
        checked={checked}
        onChange={(event) => onChecked(event.target.checked)}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
      />
      <label htmlFor={id} className="field__check-label">
        {label}
      </label>
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A message under a form (server answers): announced to screen readers as it appears. */
export function FormMessage({ kind, children }: { kind: 'error' | 'success'; children: ReactNode }) {
  return (
    <div className={`form-message form-message--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

/** Moves focus to the first invalid field of a submitted form (after React rendered the errors). */
export function focusFirstInvalid(form: HTMLFormElement | null, ids: readonly string[]): void {
  const first = ids[0];
  if (!form || !first) return;
  requestAnimationFrame(() => form.querySelector<HTMLElement>(`#${CSS.escape(first)}`)?.focus());
}
