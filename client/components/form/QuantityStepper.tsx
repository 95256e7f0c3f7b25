import { useEffect, useId, useState } from 'react';
import { MAX_QTY, MIN_QTY } from '../../lib/quantity';

/**
 * The quantity selector of the product page, the configurator and the cart (spec §5): −/+ within
 * 1…max, and a number field whose typed value counts on Enter or on leaving the field, capped at
 * `max`; a value that is not a number of at least 1 is ignored and the field shows the quantity
 * again. `live`: a typed quantity within the limits counts at once (a total shown beside it).
 */
export function QuantityStepper({
  value,
  onValue,
  label,
  showLabel = false,
  decreaseLabel,
  increaseLabel,
  max = MAX_QTY,
  live = false,
}: {
  value: number;
  onValue(quantity: number): void;
  /** The input's name: shown above it with `showLabel`, else read to screen readers only. */
  label: string;
  showLabel?: boolean;
  decreaseLabel: string;
  increaseLabel: string;
  max?: number;
  live?: boolean;
}) {
  const id = useId();
  const [draft, setDraft] = useState(String(value));
  useEffect(() => setDraft(String(value)), [value]);
  const commit = () => {
    const n = Number.parseInt(draft, 10);
    const quantity = n >= MIN_QTY ? Math.min(n, max) : value;
    setDraft(String(quantity));
    if (quantity !== value) onValue(quantity);
  };
  return (
    <div className="stepper">
      <label className={showLabel ? 'stepper__label' : 'visually-hidden'} htmlFor={id}>
        {label}
      </label>
      <div className="stepper__controls">
        <button
          type="button"
          className="stepper__step"
          aria-label={decreaseLabel}
          disabled={value <= MIN_QTY}
          onClick={() => onValue(value - 1)}
        >
          −
        </button>
        <input
          id={id}
          className="stepper__input"
          type="number"
          inputMode="numeric"
          min={MIN_QTY}
          max={max}
          step={1}
          value={draft}
          onChange={(event) => {
            setDraft(event.target.value);
            const n = Number.parseInt(event.target.value, 10);
            if (live && n >= MIN_QTY && n <= max) onValue(n);
          }}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              commit();
            }
          }}
        />
        <button
          type="button"
          className="stepper__step"
          aria-label={increaseLabel}
          disabled={value >= max}
          onClick={() => onValue(value + 1)}
        >
          +
        </button>
      </div>
    </div>
  );
}
