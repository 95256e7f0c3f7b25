import { useEffect, useId, useRef, useState } from 'react';
import { cartClearTexts as tx } from './cart-clear.texts';

/**
 * 'Wyczyść koszyk' with a confirmation step in place (no `window.confirm`): the question and two
 * buttons replace the link-style button, focus moves to 'Anuluj' (the safe choice, so a double
 * Enter cannot empty the cart), Escape cancels without closing the cart. When clearing fails the
 * store has already said so; focus returns to 'Wyczyść koszyk'. On success the lines disappear
 * with this component and the sidebar takes focus.
 */
export function ClearCart({ onClear }: { onClear(): Promise<void> }) {
  const [step, setStep] = useState<'idle' | 'confirm' | 'busy'>('idle');
  const id = useId();
  const openRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const focusOpen = useRef(false);

  useEffect(() => {
    if (step === 'confirm') cancelRef.current?.focus();
    if (step === 'idle' && focusOpen.current) {
      focusOpen.current = false;
      openRef.current?.focus();
    }
  }, [step]);

  const cancel = () => {
    focusOpen.current = true;
    setStep('idle');
  };
  const confirm = () => {
    setStep('busy');
    onClear().catch(cancel);
  };

  if (step === 'idle') {
    return (
      <button ref={openRef} type="button" className="cart-clear__open" onClick={() => setStep('confirm')}>
        {tx.button}
      </button>
    );
  }
  return (
    <div
      className="cart-clear"
      role="group"
      aria-labelledby={`${id}-question`}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || step === 'busy') return;
        // Escape here cancels the question; it must not reach the panel, which would close the cart.
        event.stopPropagation();
        cancel();
      }}
    >
      <p id={`${id}-question`} className="cart-clear__question">
        {tx.question}
      </p>
      <div className="cart-clear__actions">
        <button type="button" className="button button--small cart-clear__confirm" onClick={confirm} disabled={step === 'busy'}>
          {step === 'busy' ? tx.clearing : tx.confirm}
        </button>
        <button ref={cancelRef} type="button" className="button button--small button--ghost" onClick={cancel} disabled={step === 'busy'}>
          {tx.cancel}
        </button>
      </div>
    </div>
  );
}
