import type { ReactNode } from 'react';
import { checkoutTexts } from './checkout.texts';
import { FormMessage } from '../../client/components/form/FormMessage';
import type { SubmitProblem } from './submit';

/**
 * The form of a checkout step: the heading that names it, the step's fields, the message of a
 * failed submit (with a retry when the backend was out of reach: the same `onSubmit` again) and
 * the submit button, disabled and `aria-busy` while the step is being saved. `onFocus`: the steps
 * with form rules start loading them when the shopper first focuses a field.
 */
export function CheckoutStep({
  heading,
  submitLabel,
  onSubmit,
  onFocus,
  pending,
  problem,
  disabled = false,
  submitClassName,
  children,
}: {
  heading: string;
  submitLabel: string;
  onSubmit(): void;
  onFocus?: () => void;
  pending: boolean;
  problem: SubmitProblem | null;
  disabled?: boolean;
  submitClassName?: string;
  children: ReactNode;
}) {
  return (
    <form
      className="checkout-form"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      onFocus={onFocus}
      noValidate
      aria-labelledby="checkout-step-title"
    >
      <h1 id="checkout-step-title">{heading}</h1>
      {children}
      {problem && (
        <FormMessage kind="error" onRetry={problem.retryable && onSubmit} retryLabel={checkoutTexts.errors.retry}>
          {problem.message}
        </FormMessage>
      )}
      <button
        type="submit"
        className={`button checkout-form__submit${submitClassName ? ` ${submitClassName}` : ''}`}
        disabled={pending || disabled}
        aria-busy={pending || undefined}
      >
        {submitLabel}
      </button>
    </form>
  );
}
