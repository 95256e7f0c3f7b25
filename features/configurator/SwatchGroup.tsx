import type { HarnessColour } from './rules';

interface Props {
  /** Radio group name (unique on the page). */
  name: string;
  /** The part's Polish name: the group's legend and the first half of each swatch's name ('Pas szyjny: Miętowy'). */
  label: string;
  colours: readonly HarnessColour[];
  value: string | undefined;
  onChange(code: string): void;
}

/**
 * A colour per part: native radio buttons (arrow keys, touch, form semantics)
 * drawn as swatches. Each radio's accessible name says the part and the colour,
 * so a screen reader never announces a bare "Miętowy".
 */
export function SwatchGroup({ name, label, colours, value, onChange }: Props) {
  const chosen = colours.find((c) => c.code === value);
  return (
    <fieldset className="studio-swatches">
      <legend>
        {label}
        <span className="studio-swatches__value">{chosen ? `: ${chosen.name}` : ''}</span>
      </legend>
      <div className="studio-swatches__row">
        {colours.map((c) => (
          <label key={c.code} className="studio-swatch" title={c.name}>
            <input
              type="radio"
              name={name}
              value={c.code}
              checked={value === c.code}
              onChange={() => onChange(c.code)}
              aria-label={`${label}: ${c.name}`}
            />
            <span className={`studio-swatch__chip swatch swatch--${c.code}`} aria-hidden="true" />
            <span className="studio-swatch__name" aria-hidden="true">
              {c.name}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
