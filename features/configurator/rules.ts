import {
  configuratorJson,
  evaluateExtras,
  type ExtraOfferLike,
  type ExtrasResult,
  type ExtrasState,
  HARDWARE,
  type LineCustomFields,
} from '../product/product-extras';
import { missingGroups, type OptionGroupLike, type Selection, selectedVariant, type VariantLike } from '../product/product-options';

/**
 * What can be chosen on a personalised harness and what it costs, for the
 * product page and Pro-Fit Studio alike (spec §3, §5, §9). Built on the
 * product page's variant rules (product-options.ts) and the backend's extras
 * table (product-extras.ts); the backend prices the line again and refuses a
 * configuration it does not offer.
 */

/** A part of a configurable harness, as the backend defines it (`ProductVariant.configurator.parts`). */
export interface HarnessPart {
  key: string;
  label: string;
}

export interface HarnessColour {
  code: string;
  name: string;
}

/** Part key → colour code. */
export type PartColours = Readonly<Record<string, string>>;

/** Something the shopper still has to choose before adding to the cart, in display order. */
export type MissingChoice =
  { kind: 'model' } | { kind: 'group'; id: string; name: string } | { kind: 'part'; key: string; label: string } | { kind: 'hardware' };

interface ChoiceInput {
  groups: readonly (OptionGroupLike & { name: string })[];
  selection: Selection;
  /** Parts that need a colour each; null when the product has no configurator. */
  parts: readonly HarnessPart[] | null;
  partColours: PartColours;
  /** The hardware colour when it must be chosen ('' = not yet); null when it need not be. */
  hardware: string | null;
}

/**
 * What blocks add to cart (spec §5): option groups without a choice, then parts
 * without a colour, then the hardware colour when the shopper must pick it.
 */
export function missingChoices({ groups, selection, parts, partColours, hardware }: ChoiceInput): MissingChoice[] {
  const missing: MissingChoice[] = missingGroups(groups, selection).map((g) => ({ kind: 'group', id: g.id, name: g.name }));
  for (const p of parts ?? []) if (!partColours[p.key]) missing.push({ kind: 'part', key: p.key, label: p.label });
  if (hardware === '') missing.push({ kind: 'hardware' });
  return missing;
}

/** The hardware colour as `missingChoices` wants it: the chosen value when the offers include it and it is required, else null. */
export function requiredHardware(offers: readonly ExtraOfferLike[], extras: ExtrasState, required: boolean): string | null {
  if (!required || !offers.some((o) => o.field === HARDWARE)) return null;
  return String(extras[HARDWARE] ?? '');
}

interface PricedVariant extends VariantLike {
  price: number;
  inStock: boolean;
  extras: ExtraOfferLike[];
}

/** The cheapest variant: what the price reads "od" before every group is chosen. */
export function cheapestVariant<V extends { price: number }>(variants: readonly V[]): V | null {
  return variants.reduce<V | null>((min, v) => (!min || v.price < min.price ? v : min), null);
}

export interface Quote<V> {
  /** The variant every group points at, or null while a group is open. */
  variant: V | null;
  /** The variant the price and the extras are read from (the chosen one, else the cheapest). */
  shown: V | null;
  extras: ExtrasResult;
  /** Base plus extras, one piece (grosze). */
  unit: number;
  total: number;
}

/** Price as the backend will charge it: the variant's price plus the extras chosen from its offer, times the quantity. */
export function quote<V extends PricedVariant>(
  groups: readonly OptionGroupLike[],
  variants: readonly V[],
  selection: Selection,
  extras: ExtrasState,
  qty: number,
): Quote<V> {
  const variant = selectedVariant(groups, variants, selection);
  const shown = variant ?? cheapestVariant(variants);
  const result = evaluateExtras(shown?.extras ?? [], extras);
  const unit = (shown?.price ?? 0) + result.total;
  return { variant, shown, extras: result, unit, total: unit * qty };
}

/**
 * The order-line custom fields of a configured harness: the extras plus the
 * spec §3 `configurator` JSON (a colour for every part, kolorOkuc, imageurl).
 */
export function harnessLineFields(
  extras: LineCustomFields,
  parts: readonly HarnessPart[],
  partColours: PartColours,
  kolorOkuc: string,
  imageurl: string,
): LineCustomFields {
  return {
    ...extras,
    configurator: configuratorJson({ parts: Object.fromEntries(parts.map((p) => [p.key, partColours[p.key] ?? ''])), kolorOkuc, imageurl }),
  };
}
