import type { TextareaHTMLAttributes } from 'react';
import { controlProps, FieldFrame, type FrameProps } from './Field';

interface TextAreaProps extends FrameProps, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'value' | 'onChange' | 'className'> {
  value: string;
  onValue(value: string): void;
}

/** A labelled multi-line field, tied to its hint and error as `Field` is. */
export function TextArea({ id, label, hint, error, className, announce, value, onValue, name, ...textarea }: TextAreaProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={className} announce={announce}>
      <textarea {...textarea} {...controlProps({ id, name, hint, error, value, onValue })} />
    </FieldFrame>
  );
}
