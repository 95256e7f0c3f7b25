import { useId } from 'react';
import { MAX_QTY, MIN_QTY, toQuantity } from '../../lib/product/quantity';
import { productTexts } from '../../texts/product';

/** Spec §2/§5 quantity selector: min 1, max 99999 (cart stock), a typed string converted to a number on leaving the field. */
export function QuantitySelector({ value, onChange }: { value: string; onChange(value: string): void }) {
  const id = useId();
  const qty = toQuantity(value);
  return (
    <div className="pdp-qty">
      <label htmlFor={id}>{productTexts.quantity}</label>
      <div className="pdp-qty__controls">
        <button type="button" className="pdp-qty__step" aria-label={productTexts.decrease} disabled={qty <= MIN_QTY} onClick={() => onChange(String(toQuantity(qty - 1)))}>
          −
        </button>
        <input
          id={id}
          className="pdp-qty__input"
          type="number"
          inputMode="numeric"
          min={MIN_QTY}
          max={MAX_QTY}
          step={1}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onBlur={() => onChange(String(qty))}
        />
        <button type="button" className="pdp-qty__step" aria-label={productTexts.increase} disabled={qty >= MAX_QTY} onClick={() => onChange(String(toQuantity(qty + 1)))}>
          +
        </button>
      </div>
    </div>
  );
}
