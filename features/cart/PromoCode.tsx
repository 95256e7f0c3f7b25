import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ShopError } from '../../client/graphql/errors';
import { t } from '../../client/texts';
import { cartPanelTexts } from './cart-panel.texts';
import { Field } from '../../client/components/form/Field';

/** Spec §8/§9: an invalid promo code is shown for 5 seconds. */
export const PROMO_ERROR_MS = 5000;

const tx = cartPanelTexts.promo;

/**
 * Promo code entry (spec §4 coupon input): shown while the cart has no coupon,
 * replaced by the applied code (with a remove button) after a successful apply,
 * and shown again once the coupon is removed. The code is upper-cased by the
 * cart store before it is sent. A refused code marks the field invalid with
 * 'Błędny kod promocyjny' (or the backend's reason) for 5 seconds.
 */
export function PromoCode({
  couponCodes,
  onApply,
  onRemove,
}: {
  couponCodes: readonly string[];
  onApply(code: string): Promise<unknown>;
  onRemove(code: string): Promise<unknown>;
}) {
  const id = useId();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  // A new object per failure, so a second identical message still gets its full 5 seconds.
  const [failure, setFailure] = useState<{ message: string } | null>(null);
  const error = failure?.message ?? null;
  const setError = (message: string | null) => setFailure(message === null ? null : { message });
  const inputRef = useRef<HTMLInputElement>(null);
  const removeRef = useRef<HTMLButtonElement>(null);
  /** Where focus goes after the form and the applied code swap places (the focused control disappears). */
  const focusNext = useRef<'input' | 'remove' | null>(null);

  useEffect(() => {
    if (!failure) return;
    const timer = setTimeout(() => setFailure(null), PROMO_ERROR_MS);
    return () => clearTimeout(timer);
  }, [failure]);

  useEffect(() => {
    if (focusNext.current === 'input' && couponCodes.length === 0) inputRef.current?.focus();
    if (focusNext.current === 'remove' && couponCodes.length > 0) removeRef.current?.focus();
    focusNext.current = null;
  }, [couponCodes.length]);

  const apply = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim() || busy) return;
    setBusy(true);
    try {
      focusNext.current = 'remove';
      await onApply(code);
      setCode('');
      setError(null);
    } catch (e) {
      focusNext.current = null;
      if (!(e instanceof ShopError)) console.error('Promo code failed', e);
      setError(e instanceof ShopError ? t.cart.errorCode(e.errorCode) : e instanceof Error ? e.message : tx.invalid);
      inputRef.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  const remove = async (coupon: string) => {
    if (busy) return;
    setBusy(true);
    try {
      focusNext.current = 'input';
      await onRemove(coupon);
    } catch (e) {
      focusNext.current = null;
      console.error('Promo code removal failed', e);
      setError(tx.removeFailed);
    } finally {
      setBusy(false);
    }
  };

  if (couponCodes.length > 0) {
    return (
      <div className="promo promo--applied">
        {couponCodes.map((coupon, i) => (
          <p key={coupon} className="promo__applied">
            <span>
              {tx.applied} <strong>{coupon}</strong>
            </span>
            <button
              ref={i === 0 ? removeRef : undefined}
              type="button"
              className="promo__remove"
              onClick={() => remove(coupon)}
              disabled={busy}
              aria-label={tx.removeLabel(coupon)}
            >
              {tx.remove}
            </button>
          </p>
        ))}
        {error && (
          <p className="promo__error" role="alert">
            {error}
          </p>
        )}
      </div>
    );
  }

  return (
    <form className="promo" onSubmit={apply} noValidate>
      {/* A refused code is announced (role="alert") and goes away after 5 s. */}
      <Field
        ref={inputRef}
        id={`${id}-code`}
        name="promo-code"
        label={tx.label}
        value={code}
        onValue={setCode}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={64}
        error={error}
        announce
        action={
          <button type="submit" className="button button--small" disabled={busy}>
            {busy ? tx.applying : tx.apply}
          </button>
        }
      />
    </form>
  );
}
