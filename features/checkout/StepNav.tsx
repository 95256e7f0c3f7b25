import { checkoutTexts } from './checkout.texts';
import { type CheckoutStep, STEP_PATHS, STEPS, stepAllowed, type StepOrder } from './steps';

const tx = checkoutTexts.steps;

/**
 * The checkout's steps (issue 11): done ones are marked and link back, the current one is
 * `aria-current="step"`, and a step whose precondition is not met yet is plain text.
 */
export function StepNav({ current, done, order }: { current: CheckoutStep; done: Record<CheckoutStep, boolean>; order: StepOrder }) {
  return (
    <nav className="checkout-steps" aria-label={tx.label}>
      <ol>
        {STEPS.map((step, i) => {
          const isCurrent = step === current;
          const label = (
            <>
              <span className="checkout-steps__number" aria-hidden="true">
                {done[step] && !isCurrent ? '✓' : i + 1}
              </span>
              <span className="checkout-steps__label">{tx[step]}</span>
              {done[step] && <span className="visually-hidden"> ({tx.done})</span>}
            </>
          );
          const className = `checkout-steps__step${isCurrent ? ' is-current' : ''}${done[step] ? ' is-done' : ''}`;
          return (
            <li key={step} className={className}>
              {isCurrent ? (
                <span aria-current="step">{label}</span>
              ) : stepAllowed(step, order) && (done[step] || STEPS.indexOf(step) < STEPS.indexOf(current)) ? (
                <a href={STEP_PATHS[step]}>{label}</a>
              ) : (
                <span>{label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
