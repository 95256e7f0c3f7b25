import type { Ref, SelectHTMLAttributes } from 'react';
import { FieldFrame, type FrameProps } from './Field';

interface SelectOption {
  value: string;
  label: string;
}

interface SelectFieldProps extends FrameProps, Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'value' | 'onChange' | 'className'> {
  options: readonly SelectOption[];
  value: string;
  onValue(value: string): void;
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled select, tied to its hint and error as `Field` is; callers give the `autoComplete` token. */
export function SelectField({ id, label, hint, error, className, announce, options, value, onValue, name, ...select }: SelectFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={className} announce={announce}>
      <select
        {...select}
        id={id}
        name={name ?? id}
        className="field__input"
        value={value}
        onChange={(event) => onValue(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={[error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
