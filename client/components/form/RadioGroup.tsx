import type { ReactNode } from 'react';

export interface RadioOption {
  value: string;
  /** What the option's label shows after the radio button (the caller's own markup). */
  label: ReactNode;
}

/**
 * Radio buttons in a fieldset with its legend: each option is a label holding its radio (the
 * chosen one `is-selected`), arrow keys move the choice as in any radio group, and the group's
 * error is tied to the fieldset (`<name>-error`). A hint shows under the options.
 */
export function RadioGroup({
  name,
  legend,
  options,
  value,
  onValue,
  hint,
  error,
  className = 'choice-list',
  optionClassName = 'choice',
}: {
  name: string;
  legend: ReactNode;
  options: readonly RadioOption[];
  value: string | null | undefined;
  onValue(value: string): void;
  hint?: ReactNode;
  error?: string | null | undefined;
  className?: string;
  optionClassName?: string;
}) {
  return (
    <fieldset className={className} aria-describedby={error ? `${name}-error` : undefined}>
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className={`${optionClassName}${option.value === value ? ' is-selected' : ''}`}>
          <input type="radio" name={name} value={option.value} checked={option.value === value} onChange={() => onValue(option.value)} />
          {option.label}
        </label>
      ))}
      {hint && <p className="field__hint">{hint}</p>}
      {error && (
        <p id={`${name}-error`} className="field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
