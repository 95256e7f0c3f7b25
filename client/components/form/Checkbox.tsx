import type { InputHTMLAttributes, ReactNode, Ref } from 'react';

interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'checked' | 'onChange' | 'className'> {
  /** The input's id, and its name unless one is given; the error takes `<id>-error`. */
  id: string;
  label: ReactNode;
  checked: boolean;
  onValue(checked: boolean): void;
  error?: string | null | undefined;
  ref?: Ref<HTMLInputElement>;
}

/** A checkbox with its label after it and its error (a consent not given) tied to it. */
export function Checkbox({ id, label, checked, onValue, error, name, ...input }: CheckboxProps) {
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={`field field--check${error ? ' field--invalid' : ''}`}>
      <input
        {...input}
        id={id}
        name={name ?? id}
        type="checkbox"
        className="field__check"
        checked={checked}
        onChange={(event) => onValue(event.target.checked)}
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
