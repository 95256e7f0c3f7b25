import { type ExtrasState, LIMITS, parseWholeNumber } from '../product/product-extras';
import { choose, type Selection, selectedVariant, sortOptionGroups } from '../product/product-options';
import { cheapestVariant } from './rules';
import type { StudioModel } from './types';

/**
 * A design in Pro-Fit Studio and its URL (spec: "the configuration lives in the
 * URL"). The query names everything by code, never by database id, so a shared
 * link reads well and survives a re-seed:
 *
 *   ?model=szelki-typu-guard-classic&szerokosc-tasmy=20-mm&rozmiar=m
 *    &szyja=granatowy&klatka=czerwony&lacznik=czarny&kolorOkuc=czarny&podszycie=tak&ilosc=2
 *
 * Parameters the model does not offer, unknown values and impossible
 * combinations read as "not chosen"; nothing in the query is an error.
 */
export interface Design {
  /** Slug of the chosen model, or null. */
  model: string | null;
  /** Option group id → option id. */
  selection: Selection;
  /** Part key → colour code. */
  parts: Readonly<Record<string, string>>;
  /** Extras as the product page's form holds them (string value, flag, or the whole number's digits). */
  extras: ExtrasState;
  qty: number;
}

const MODEL_PARAM = 'model';
const QTY_PARAM = 'ilosc';
/** More in one line is a case for the shop's team, not the configurator. */
export const MAX_STUDIO_QTY = 99;

export const EMPTY_DESIGN: Design = { model: null, selection: {}, parts: {}, extras: {}, qty: 1 };

/** The extras offered with the design's choices: the chosen variant's, else the cheapest one's (as the product page shows them). */
function designOffers(model: StudioModel, selection: Selection) {
  return (selectedVariant(model.optionGroups, model.variants, selection) ?? cheapestVariant(model.variants))?.extras ?? [];
}

/** Reads a design from a query string (with or without `?`). */
export function designFromQuery(search: string, models: readonly StudioModel[]): Design {
  const params = new URLSearchParams(search);
  const model = models.find((m) => m.slug === params.get(MODEL_PARAM));
  if (!model) return EMPTY_DESIGN;
  let selection: Selection = {};
  for (const group of sortOptionGroups(model.optionGroups)) {
    const option = group.options.find((o) => o.code === params.get(group.code));
    // Each choice must still lead to a variant with the ones before it; `choose` drops the rest.
    if (
      option &&
      model.variants.some((v) => v.optionIds.includes(option.id) && Object.values(selection).every((id) => v.optionIds.includes(id)))
    ) {
      selection = choose(model.optionGroups, model.variants, selection, group.id, option.id);
    }
  }
  const parts: Record<string, string> = {};
  for (const part of model.parts) {
    const colour = params.get(part.key);
    if (colour && model.colours.some((c) => c.code === colour)) parts[part.key] = colour;
  }
  const extras: Record<string, string | boolean> = {};
  for (const offer of designOffers(model, selection)) {
    const raw = params.get(offer.field);
    if (raw === null) continue;
    if (offer.type === 'boolean') {
      if (raw === '1') extras[offer.field] = true;
    } else if (offer.type === 'int') {
      const n = parseWholeNumber(raw);
      const min = offer.min ?? LIMITS[offer.field]?.min ?? 0;
      const max = offer.max ?? LIMITS[offer.field]?.max ?? Number.MAX_SAFE_INTEGER;
      if (typeof n === 'number' && n > 0 && n >= min && n <= max) extras[offer.field] = String(n);
    } else if (offer.options.some((o) => o.value === raw)) {
      extras[offer.field] = raw;
    }
  }
  const qty = parseWholeNumber(params.get(QTY_PARAM) ?? '');
  return { model: model.slug, selection, parts, extras, qty: typeof qty === 'number' && qty >= 1 && qty <= MAX_STUDIO_QTY ? qty : 1 };
}

/** Writes a design as a query string (without `?`; empty for an empty design). Only choices the model offers are written, in display order. */
export function designToQuery(design: Design, models: readonly StudioModel[]): string {
  const model = models.find((m) => m.slug === design.model);
  if (!model) return '';
  const params = new URLSearchParams({ [MODEL_PARAM]: model.slug });
  for (const group of sortOptionGroups(model.optionGroups)) {
    const option = group.options.find((o) => o.id === design.selection[group.id]);
    if (option) params.set(group.code, option.code);
  }
  for (const part of model.parts) {
    const colour = design.parts[part.key];
    if (colour && model.colours.some((c) => c.code === colour)) params.set(part.key, colour);
  }
  for (const offer of designOffers(model, design.selection)) {
    const value = design.extras[offer.field];
    if (offer.type === 'boolean') {
      if (value === true) params.set(offer.field, '1');
    } else if (typeof value === 'string' && value.trim() !== '') {
      params.set(offer.field, value.trim());
    }
  }
  if (design.qty > 1) params.set(QTY_PARAM, String(design.qty));
  return params.toString();
}

/**
 * The design after switching to another model: option choices start over (they
 * are the model's own), part colours and extras carry over where the new model
 * offers them.
 */
export function switchModel(design: Design, slug: string, models: readonly StudioModel[]): Design {
  const model = models.find((m) => m.slug === slug);
  if (!model) return EMPTY_DESIGN;
  const parts = Object.fromEntries(
    model.parts.flatMap((p) =>
      design.parts[p.key] && model.colours.some((c) => c.code === design.parts[p.key]) ? [[p.key, design.parts[p.key]!]] : [],
    ),
  );
  const offers = designOffers(model, {});
  const extras = Object.fromEntries(
    Object.entries(design.extras).filter(([field, value]) => {
      const offer = offers.find((o) => o.field === field);
      return offer && (offer.type !== 'string' || offer.options.some((o) => o.value === value));
    }),
  );
  return { model: model.slug, selection: {}, parts, extras, qty: design.qty };
}
