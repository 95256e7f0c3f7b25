import type { ProductData } from './product-data';
import { optionAvailable, optionInStock, type Selection, type VariantLike } from './product-options';
import { productTexts } from './product.texts';

/**
 * Spec §2 variant choice: one radio group per option group (tape width first).
 * Options that do not combine with the other choices stay selectable (the
 * conflicting choice is dropped) but are marked, so there is no dead end.
 * Options whose every variant is out of stock (the backend's stock levels) are struck through
 * and named 'niedostępny' before they are chosen (issue 29); choosing one still blocks the add.
 */
export function VariantPicker({
  data,
  selection,
  onChoose,
}: {
  /** The product page's data, or any product with option groups and variants (Pro-Fit Studio's models). */
  data: { optionGroups: ProductData['optionGroups']; variants: readonly VariantLike[] };
  selection: Selection;
  onChoose(groupId: string, optionId: string): void;
}) {
  return (
    <div className="pdp-variants">
      {data.optionGroups.map((g) => (
        <fieldset key={g.id} className="pdp-choice-group">
          <legend>
            {g.name}
            {selection[g.id] && <span className="pdp-choice-group__value">: {g.options.find((o) => o.id === selection[g.id])?.name}</span>}
          </legend>
          <div className="pdp-chips-row">
            {g.options.map((o) => {
              const available = optionAvailable(data.optionGroups, data.variants, selection, g.id, o.id);
              const soldOut = available && !optionInStock(data.optionGroups, data.variants, selection, g.id, o.id);
              return (
                <label
                  key={o.id}
                  className={`pdp-choice${available ? '' : ' pdp-choice--conflict'}${soldOut ? ' pdp-choice--sold-out' : ''}${g.code === 'kolor' ? ' pdp-choice--colour' : ''}`}
                >
                  <input
                    type="radio"
                    name={`group-${g.id}`}
                    value={o.id}
                    checked={selection[g.id] === o.id}
                    onChange={() => onChoose(g.id, o.id)}
                  />
                  {g.code === 'kolor' && <span className={`swatch swatch--${o.code}`} aria-hidden="true" />}
                  <span>{o.name}</span>
                  {!available && <span className="visually-hidden"> ({productTexts.optionUnavailable})</span>}
                  {soldOut && <span className="visually-hidden"> ({productTexts.optionSoldOut})</span>}
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
    </div>
  );
}
