import type { CartLine } from '../../client/stores/cart.store';
import { cartPanelTexts } from './cart-panel.texts';
import { harnessTexts } from '../configurator/harness.texts';

interface LineDetail {
  label: string;
  value: string;
}

/** Spec §3: the configurator JSON of an order line (colours per part, kolorOkuc, imageurl). */
type Configurator = Record<string, unknown>;

/**
 * Parses `customFields.configurator`. Empty means "no configurator" (null);
 * anything that is not a JSON object gives null and a warning, never a crash.
 */
export function parseConfigurator(raw: string | null | undefined): Configurator | null {
  if (raw === null || raw === undefined || raw.trim() === '') return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Configurator;
  } catch {}
  console.warn('Invalid configurator JSON on a cart line', raw);
  return null;
}

const d = cartPanelTexts.details;

/** "pasSzyja" → "Pas szyja": a readable label for a part the texts do not name. */
function humanise(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * What the shopper chose on a cart line, in Polish (spec §3): the variant's
 * options ("Rozmiar: M"), the personalisation fields and the configurator's
 * colours. Fields left at their default or not above 0 are not listed.
 */
export function lineDetails(line: Pick<CartLine, 'catalogue' | 'customFields'>): LineDetail[] {
  const details: LineDetail[] = line.catalogue.options.map((o) => ({ label: o.group.name, value: o.name }));
  const f = line.customFields ?? ({} as NonNullable<CartLine['customFields']>);
  if (f.podszycie) details.push({ label: d.podszycie, value: d.lining[f.podszycie] ?? f.podszycie });
  if (f.kolorOkuc) details.push({ label: d.kolorOkuc, value: d.hardware[f.kolorOkuc] ?? f.kolorOkuc });
  if (f.odblaski) details.push({ label: d.odblaski, value: f.odblaski === 'tak' ? d.yes : f.odblaski });
  if (f.raczka) details.push({ label: d.raczka, value: f.raczka === 'tak' ? d.yes : f.raczka });
  if (f.dodatkowyMetr && f.dodatkowyMetr > 0) details.push({ label: d.dodatkowyMetr, value: `+${f.dodatkowyMetr} m` });
  if (f.customObwodSzyi && f.customObwodSzyi > 0) details.push({ label: d.customObwodSzyi, value: `${f.customObwodSzyi} cm` });
  if (f.customObwodKlatki && f.customObwodKlatki > 0) details.push({ label: d.customObwodKlatki, value: `${f.customObwodKlatki} cm` });
  if (f.dopasowanieRozmiaru) details.push({ label: d.dopasowanieRozmiaru, value: d.yes });
  const configurator = parseConfigurator(f.configurator);
  for (const [key, value] of Object.entries(configurator ?? {})) {
    if (key === 'imageurl' || (typeof value !== 'string' && typeof value !== 'number') || value === '') continue;
    if (key === 'kolorOkuc') {
      if (!f.kolorOkuc) details.push({ label: d.kolorOkuc, value: d.hardware[String(value)] ?? String(value) });
      continue;
    }
    details.push({
      label: harnessTexts.parts[key] ?? d.parts[key] ?? humanise(key),
      value: harnessTexts.colours[String(value)] ?? String(value),
    });
  }
  return details;
}

/**
 * The picture of a line: the configured harness (the configurator's
 * `imageurl`, spec §3) when there is one, else the variant's picture.
 */
export function lineImage(line: Pick<CartLine, 'featuredAsset' | 'customFields'>): string | undefined {
  const image = parseConfigurator(line.customFields?.configurator)?.imageurl;
  return (typeof image === 'string' && image) || line.featuredAsset?.preview;
}

interface LinePrices {
  /** Price of one piece, extras included. */
  unit: number;
  /** The regular price of one piece when the variant is on sale (staracena plus the same extras), else null. */
  regular: number | null;
  /** Price of the line (unit × quantity). */
  line: number;
}

/** Regular and special price of a line (spec §3: old price = staracena). */
export function linePrices(line: Pick<CartLine, 'unitPriceWithTax' | 'linePriceWithTax' | 'productVariant'>): LinePrices {
  const old = line.productVariant.customFields?.staracena ?? 0;
  const base = line.productVariant.priceWithTax;
  const extras = Math.max(0, line.unitPriceWithTax - base);
  return { unit: line.unitPriceWithTax, regular: old > base ? old + extras : null, line: line.linePriceWithTax };
}
