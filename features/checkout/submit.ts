import { useCallback, useRef, useState } from 'react';
import { ShopError } from '../../client/graphql/errors';
import { ShopUnavailableError } from '../../client/lib/shop-api';
import { checkoutErrorMessage, checkoutTexts } from './checkout.texts';

export interface SubmitProblem {
  message: string;
  /** The backend could not be reached: offer to send the same data again. */
  retryable: boolean;
}

/** The Polish message for what a checkout call threw (backend error code, backend down, anything else). */
export function problemOf(error: unknown): SubmitProblem {
  if (error instanceof ShopError) {
    // The backend's own checks before payment (locker chosen, courier street) give their Polish reason here;
    // Vendure's built-in transition errors are English and get our generic Polish text instead.
    const reason = error.details.transitionError;
    if (error.errorCode === 'ORDER_STATE_TRANSITION_ERROR' && typeof reason === 'string' && reason && !/^Cannot /.test(reason))
      return { message: reason, retryable: false };
    return { message: checkoutErrorMessage(error.errorCode), retryable: false };
  }
  if (error instanceof ShopUnavailableError) return { message: checkoutTexts.errors.unavailable, retryable: true };
  return { message: checkoutTexts.errors.generic, retryable: true };
}

/**
 * One submit at a time: while a call is in flight a second submit (a double click, Enter
 * twice) is ignored — the ref flips synchronously, before React re-renders the disabled
 * button. A failure keeps the form's state and shows a Polish message at the form.
 */
export function useSubmit() {
  const busy = useRef(false);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<SubmitProblem | null>(null);
  const run = useCallback(async (task: () => Promise<void>): Promise<boolean> => {
    if (busy.current) return false;
    busy.current = true;
    setPending(true);
    setProblem(null);
    try {
      await task();
      return true;
    } catch (error) {
      console.warn('Checkout step failed', error);
      setProblem(problemOf(error));
      return false;
    } finally {
      busy.current = false;
      setPending(false);
    }
  }, []);
  return { pending, problem, setProblem, run };
}
