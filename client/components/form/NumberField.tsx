import type { InputHTMLAttributes, ReactNode, Ref } from 'react';

export interface NumberFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'value' | 'onChange' | 'className'> {
  /** The input's id, and its name unless one is given; its hint and error take `<id>-hint` and `<id>-error`. */
  id: string;
  label: ReactNode;
  value: string;
  onValue(value: string): void;
  hint?: ReactNode;
  error?: string | null | undefined;
  /** The block of the field's classes: `<block>`, `<block>--invalid`, `<block>__hint`, `<block>__error`. */
  block?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A labelled whole-number field: a text input with the numeric keyboard (`inputMode="numeric"`,
 * no spinner, nothing lost while typing), no autofill unless given, the hint and the error tied to
 * it (`aria-describedby`), the error announced as it appears (it shows while typing).
 */
export function NumberField({
  id,
  label,
  value,
  onValue,
  hint,
  error,
  block = 'field',
  name,
  inputMode = 'numeric',
  autoComplete = 'off',
  ...input
}: NumberFieldProps) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`${block}${error ? ` ${block}--invalid` : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        {...input}
        id={id}
        name={name ?? id}
        type="text"
        inputMode={inputMode}
        autoComplete={autoComplete}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        onChange={(event) => onValue(event.target.value)}
      />
      {hint && (
        <p id={`${id}-hint`} className={`${block}__hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={`${block}__error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
