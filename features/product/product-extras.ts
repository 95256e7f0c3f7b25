import type { VariablesOf } from '../../client/graphql/graphql';
import type { addToCart } from '../../client/graphql/cart.graphql';
import { extrasTexts } from './extras.texts';

/**
 * Personalisation of a product (spec §3 option selections, §5 validation, §9
 * extra prices). The backend decides which extras a variant offers and what
 * each costs (`ProductVariant.extras`); the page only reads that table, adds
 * up the shopper's choices for the running total and sends the choices as
 * order-line custom fields, which the backend prices again by the same table.
 */

/** One extra as the Shop API describes it (`ExtraOffer`). */
export interface ExtraOfferLike {
  field: string;
  label: string;
  /** `string` | `int` | `boolean` */
  type: string;
  /** Gross price in grosze of the paid choice; per unit for whole-number extras without a charge group. */
  price: number;
  options: ReadonlyArray<{ value: string; label: string; price: number }>;
  min?: number | null;
  max?: number | null;
  unit?: string | null;
  /** Extras of one charge group are charged once together. */
  chargeGroup?: string | null;
}

/** The order-line custom fields of addToCart, typed by the schema. */
export type LineCustomFields = NonNullable<VariablesOf<typeof addToCart>['customFields']>;

/** What the form holds: string extras their value ('' = none), boolean extras a flag, whole numbers the raw text. */
export type ExtrasState = Readonly<Record<string, string | boolean>>;

/** Spec §5 ranges; used when the backend's offer carries no limits. */
export const LIMITS: Readonly<Record<string, { min: number; max: number; unit: string }>> = {
  customObwodSzyi: { min: 20, max: 90, unit: 'cm' },
  customObwodKlatki: { min: 20, max: 130, unit: 'cm' },
  dodatkowyMetr: { min: 0, max: 20, unit: 'm' },
};

/** Measurements that are sent only when the shopper asked for the size adjustment. */
export const SIZE_FIELDS = ['customObwodSzyi', 'customObwodKlatki'] as const;
export const SIZE_ADJUSTMENT = 'dopasowanieRozmiaru';
/** Hardware colour: free by default, except where the shopper must pick it (guard harness). */
export const HARDWARE = 'kolorOkuc';
const DEFAULT_HARDWARE = 'srebrny';

/**
 * Parses a whole number typed by the shopper (spec §5): empty means none,
 * digits are an integer, anything else is invalid.
 *
 * @example parseWholeNumber(' 45 ') // 45
 * @example parseWholeNumber('4,5') // 'invalid'
 */
export function parseWholeNumber(raw: string): number | null | 'invalid' {
  const s = raw.trim();
  if (!s) return null;
  if (!/^\d{1,6}$/.test(s)) return 'invalid';
  return Number.parseInt(s, 10);
}

/** The form's starting state: nothing chosen, silver hardware unless `requireHardware`. */
export function initialExtras(offers: readonly ExtraOfferLike[], requireHardware = false): ExtrasState {
  const out: Record<string, string | boolean> = {};
  for (const o of offers) out[o.field] = o.type === 'boolean' ? false : '';
  if (!requireHardware && offers.some((o) => o.field === HARDWARE && o.options.some((x) => x.value === DEFAULT_HARDWARE)))
    out[HARDWARE] = DEFAULT_HARDWARE;
  return out;
}

export interface ExtrasResult {
  /** The chosen extras as order-line custom fields (whole numbers only when above 0). */
  values: LineCustomFields;
  /** Field → Polish message, for values the shopper must correct. */
  errors: Record<string, string>;
  /** Price of the chosen extras for one unit, from the backend's table (grosze). */
  total: number;
}

function label(offer: ExtraOfferLike): string {
  return (extrasTexts.extras as Record<string, string>)[offer.field] ?? offer.label;
}

/**
 * Reads the form against the variant's offers: validates, keeps what counts,
 * and adds up the price as the backend charges it (a string extra costs its
 * option's price, a charge group once, a whole number without a group its
 * price per unit, a flag its price). Fields the variant does not offer are
 * never sent.
 */
export function evaluateExtras(offers: readonly ExtraOfferLike[], state: ExtrasState): ExtrasResult {
  const values: Record<string, string | number | boolean> = {};
  const errors: Record<string, string> = {};
  const groups = new Set<string>();
  let total = 0;
  const sizeAdjustment = offers.some((o) => o.field === SIZE_ADJUSTMENT);
  const charge = (offer: ExtraOfferLike, amount: number) => {
    if (offer.chargeGroup) {
      if (groups.has(offer.chargeGroup)) return;
      groups.add(offer.chargeGroup);
    }
    total += amount;
  };
  for (const offer of offers) {
    const raw = state[offer.field];
    if (offer.type === 'boolean') {
      if (raw !== true) continue;
      values[offer.field] = true;
      charge(offer, offer.price);
    } else if (offer.type === 'int') {
      if (sizeAdjustment && (SIZE_FIELDS as readonly string[]).includes(offer.field) && state[SIZE_ADJUSTMENT] !== true) continue;
      const limits = LIMITS[offer.field];
      const min = offer.min ?? limits?.min ?? 0;
      const max = offer.max ?? limits?.max ?? Number.MAX_SAFE_INTEGER;
      const unit = offer.unit ?? limits?.unit ?? '';
      const n = parseWholeNumber(typeof raw === 'string' ? raw : '');
      if (n === 'invalid') {
        errors[offer.field] = extrasTexts.integerError(label(offer));
        continue;
      }
      if (n === null || n <= 0) continue;
      if (n < min || n > max) {
        errors[offer.field] = extrasTexts.rangeError(label(offer), min, max, unit);
        continue;
      }
      values[offer.field] = n;
      charge(offer, offer.chargeGroup ? offer.price : offer.price * n);
    } else {
      if (typeof raw !== 'string' || !raw) continue;
      const option = offer.options.find((o) => o.value === raw);
      if (!option) continue;
      values[offer.field] = option.value;
      total += option.price;
    }
  }
  return { values: values as LineCustomFields, errors, total };
}

/** Spec §3: `configurator` is a JSON string of colours per part plus kolorOkuc and imageurl. */
interface Configurator {
  /** Part key → colour code. */
  parts: Record<string, string>;
  kolorOkuc: string;
  imageurl: string;
}

/** Serialises the configurator the way the cart line stores it: `{ "<part>": "<colour>", …, "kolorOkuc", "imageurl" }`. */
export function configuratorJson(c: Configurator): string {
  return JSON.stringify({ ...c.parts, kolorOkuc: c.kolorOkuc, imageurl: c.imageurl });
}

/**
 * Parses `customFields.configurator` of a cart line. Invalid JSON (or not an
 * object) yields null and a logged warning, never an exception (spec §3).
 */
export function parseConfigurator(json: string | null | undefined): Configurator | null {
  if (!json) return null;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    console.warn('Invalid configurator JSON', error);
    return null;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    console.warn('Invalid configurator JSON: not an object');
    return null;
  }
  const parts: Record<string, string> = {};
  let kolorOkuc = '';
  let imageurl = '';
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (typeof v !== 'string') continue;
    if (key === 'kolorOkuc') kolorOkuc = v;
    else if (key === 'imageurl') imageurl = v;
    else parts[key] = v;
  }
  return { parts, kolorOkuc, imageurl };
}

/** The guard harness (leaf collection slug): a colour for each part and a hardware colour are required (spec §5). */
export const GUARD_COLLECTION = 'szelki-typu-guard';
