import { useSubmitState } from '../../client/components/form/use-form';
import { ShopError } from '../../client/graphql/errors';
import { ShopUnavailableError } from '../../client/lib/shop-api';
import { checkoutErrorMessage, checkoutTexts } from './checkout.texts';

export interface SubmitProblem {
  message: string;
  /** The backend could not be reached: offer to send the same data again. */
  retryable: boolean;
}

/** The Polish message for what a checkout call threw (backend error code, backend down, anything else). */
function problemOf(error: unknown): SubmitProblem {
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

/** `problemOf`, with the failure logged: the `messageOf` of a checkout form (`useForm`). */
export function checkoutProblem(error: unknown): SubmitProblem {
  console.warn('Checkout step failed', error);
  return problemOf(error);
}

/**
 * One submit at a time (`useSubmitState` of the form kit): a second submit in flight is ignored.
 * A failure keeps the form's state and shows a Polish message at the form.
 */
export function useSubmit() {
  const { busy, message, setMessage, submit } = useSubmitState(checkoutProblem);
  return { pending: busy, problem: message, setProblem: setMessage, run: submit };
}
