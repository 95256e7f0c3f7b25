import type { ChangeEvent, InputHTMLAttributes, ReactNode, Ref } from 'react';

export interface FrameProps {
  /** The control's id, and its name unless one is given; its hint and error take `<id>-hint` and `<id>-error`. */
  id: string;
  /** The visible label. */
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null | undefined;
  /** Classes of the wrapper, beside `field` (`field--half`). */
  className?: string | undefined;
  /** Announce the error as it appears (`role="alert"`): for a message shown without moving focus to the field. */
  announce?: boolean | undefined;
}

/**
 * The props a field's control (input or textarea) takes from the field: id and name, the value
 * and its callback, `aria-invalid` while the error shows, and the error, then the hint, as its
 * description.
 */
export function controlProps({
  id,
  name,
  hint,
  error,
  value,
  onValue,
}: Pick<FrameProps, 'id' | 'hint' | 'error'> & { name: string | undefined; value: string; onValue(value: string): void }) {
  return {
    id,
    name: name ?? id,
    className: 'field__input',
    value,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onValue(event.target.value),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined,
  };
}

/** The field around a control: label, then the control, its hint and its error. */
export function FieldFrame({ id, label, hint, error, className, announce, children }: FrameProps & { children: ReactNode }) {
  return (
    <div className={`field${error ? ' field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error" role={announce ? 'alert' : undefined}>
          {error}
        </p>
      )}
    </div>
  );
}

export interface FieldProps extends FrameProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'className'> {
  value: string;
  onValue(value: string): void;
  /** A control beside the input, in the field (the search or apply button of a one-field form). */
  action?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A labelled text-like input: visible label, the hint and the error tied to it with
 * `aria-describedby`, `aria-invalid` while the error shows. Callers give the right `type`,
 * `autoComplete` and `inputMode`. The value lives in the form's state, so nothing typed is lost
 * when a submit fails.
 */
export function Field({ id, label, hint, error, className, announce, value, onValue, action, name, ...input }: FieldProps) {
  const control = <input {...input} {...controlProps({ id, name, hint, error, value, onValue })} />;
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={className} announce={announce}>
      {action ? (
        <div className="field__row">
          {control}
          {action}
        </div>
      ) : (
        control
      )}
    </FieldFrame>
  );
}
