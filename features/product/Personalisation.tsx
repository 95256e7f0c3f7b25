import { Field } from '../../client/components/form/Field';
import { HydrationSlice } from '../../client/components/ui/HydrationSlice';
import { useId } from 'react';
import { formatPrice } from '../../client/lib/price';
import type { ProductData } from './product-data';
import { type ExtraOfferLike, type ExtrasState, HARDWARE, SIZE_ADJUSTMENT, SIZE_FIELDS } from './product-extras';
import { productTexts } from './product.texts';

const T = productTexts;
const label = (o: ExtraOfferLike) => (T.extras as Record<string, string>)[o.field] ?? o.label;
const priceNote = (price: number) => (price > 0 ? T.plus(formatPrice(price)) : T.free);

interface Props {
  offers: ExtraOfferLike[];
  state: ExtrasState;
  errors: Record<string, string>;
  onChange(field: string, value: string | boolean): void;
  guard: ProductData['guard'];
  partColours: Record<string, string>;
  onPartColour(part: string, colour: string): void;
}

/**
 * Spec §3 option selections: the extras the backend offers for the chosen
 * variant, each with the backend's price; whole numbers in text fields with a
 * Polish message at the field when out of range. For the guard harness also a
 * colour per part (the configurator).
 */
export function Personalisation({ offers, state, errors, onChange, guard, partColours, onPartColour }: Props) {
  const base = useId();
  if (!offers.length && !guard) return null;
  const sizeGated = offers.some((o) => o.field === SIZE_ADJUSTMENT);
  const isSize = (o: ExtraOfferLike) => (SIZE_FIELDS as readonly string[]).includes(o.field);

  /** A whole number in a text field of the form kit (numeric keyboard), its error announced as it appears. */
  const numberField = (o: ExtraOfferLike, hint?: string) => (
    <Field
      key={o.field}
      id={`${base}-${o.field}`}
      name={o.field}
      label={`${label(o)} (${o.unit ?? ''})`}
      hint={hint}
      error={errors[o.field]}
      announce
      className="pdp-field"
      type="text"
      inputMode="numeric"
      autoComplete="off"
      value={String(state[o.field] ?? '')}
      onValue={(value) => onChange(o.field, value)}
    />
  );

  // Hydrated in a slice of its own (decision 125): the buy box's largest part.
  return (
    <HydrationSlice>
      <section className="pdp-personalise" aria-labelledby={`${base}-h`}>
        <h2 id={`${base}-h`}>{T.personalise}</h2>
        {guard && (
          <fieldset className="pdp-choice-group">
            <legend>{T.guard.heading}</legend>
            {guard.parts.map((part) => (
              <fieldset key={part} className="pdp-choice-group pdp-choice-group--nested">
                <legend>
                  {T.guard.parts[part] ?? part}
                  {partColours[part] && (
                    <span className="pdp-choice-group__value">: {guard.colours.find((c) => c.code === partColours[part])?.name}</span>
                  )}
                </legend>
                <div className="pdp-chips-row">
                  {guard.colours.map((c) => (
                    <label key={c.code} className="pdp-choice pdp-choice--colour">
                      <input
                        type="radio"
                        name={`${base}-part-${part}`}
                        value={c.code}
                        checked={partColours[part] === c.code}
                        onChange={() => onPartColour(part, c.code)}
                      />
                      <span className={`swatch swatch--${c.code}`} aria-hidden="true" />
                      <span>{c.name}</span>
                    </label>
                  ))}
                </div>
              </fieldset>
            ))}
          </fieldset>
        )}
        {offers.map((o) => {
          if (o.type === 'int') {
            if (sizeGated && isSize(o)) return null;
            return numberField(
              o,
              o.chargeGroup
                ? undefined
                : `${T.perUnit(formatPrice(o.price), o.unit ?? '')}. ${o.field === 'dodatkowyMetr' ? T.extraLengthHint : ''}`.trim(),
            );
          }
          if (o.type === 'boolean') {
            const checked = state[o.field] === true;
            const sizes = o.field === SIZE_ADJUSTMENT ? offers.filter(isSize) : [];
            return (
              <div key={o.field} className="pdp-extra">
                <label className="pdp-check">
                  <input type="checkbox" name={o.field} checked={checked} onChange={(e) => onChange(o.field, e.target.checked)} />
                  <span>
                    {label(o)}: {T.sizeAdjustment} <span className="pdp-extra__price">({priceNote(o.price)})</span>
                  </span>
                </label>
                {checked && sizes.length > 0 && (
                  <div className="pdp-extra__sizes">
                    <p className="pdp-field__hint">{T.sizeAdjustmentHint}</p>
                    {sizes.map((s) => numberField(s))}
                  </div>
                )}
              </div>
            );
          }
          if (o.options.length === 1) {
            const only = o.options[0]!;
            return (
              <label key={o.field} className="pdp-check pdp-extra">
                <input
                  type="checkbox"
                  name={o.field}
                  checked={state[o.field] === only.value}
                  onChange={(e) => onChange(o.field, e.target.checked ? only.value : '')}
                />
                <span>
                  {label(o)} <span className="pdp-extra__price">({priceNote(only.price)})</span>
                </span>
              </label>
            );
          }
          const choices =
            o.field === HARDWARE
              ? o.options
              : [{ value: '', label: o.field === 'podszycie' ? T.noLining : T.noExtra, price: 0 }, ...o.options];
          return (
            <fieldset key={o.field} className="pdp-choice-group">
              <legend>{label(o)}</legend>
              <div className="pdp-chips-row">
                {choices.map((c) => (
                  <label key={c.value || 'none'} className="pdp-choice">
                    <input
                      type="radio"
                      name={`${base}-${o.field}`}
                      value={c.value}
                      checked={state[o.field] === c.value}
                      onChange={() => onChange(o.field, c.value)}
                    />
                    <span>
                      {c.label}
                      {c.value && <span className="pdp-extra__price"> {priceNote(c.price)}</span>}
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
          );
        })}
      </section>
    </HydrationSlice>
  );
}
