import type { ExtraOffer } from '../product/product-data';
import type { HarnessColour, HarnessPart } from './rules';

/** The two configurators of Pro-Fit Studio (spec §2): `/pro-fit-studio/guard` and `/pro-fit-studio/bezuciski`. */
export type StudioType = 'guard' | 'bezuciski';
export const STUDIO_TYPES: readonly StudioType[] = ['guard', 'bezuciski'];

export interface StudioVariant {
  id: string;
  /** Gross price in grosze. */
  price: number;
  optionIds: string[];
  inStock: boolean;
  /** The extras this variant offers, priced by the backend. */
  extras: ExtraOffer[];
}

/** A model of the configurator: one product of the collection, with its choices and pictures. */
export interface StudioModel {
  id: string;
  slug: string;
  name: string;
  /** The product page. */
  href: string;
  /** Cheapest variant's price (the "od" price of the model card). */
  fromPrice: number;
  /** `szerokosc-tasmy` first, like the product page. */
  optionGroups: Array<{ id: string; code: string; name: string; options: Array<{ id: string; code: string; name: string }> }>;
  variants: StudioVariant[];
  /** Parts taking a colour each, as the backend defines them. */
  parts: HarnessPart[];
  /** Colours every part may take (the product's `kolor` facet values). */
  colours: HarnessColour[];
  /** Colour code → picture of the model in that colour (getImageConfig / getImageConfigBez). */
  pictures: Record<string, string>;
  /** Picture when no colour is chosen yet. */
  image: string | null;
}

/**
 * A model as the loader sends it: most variants of a model offer the same
 * extras, so each distinct offer is sent once (`offerSets`) and variants point
 * at theirs, which keeps the page's HTML and JSON small.
 */
export interface StudioModelData extends Omit<StudioModel, 'variants'> {
  offerSets: ExtraOffer[][];
  variants: Array<Omit<StudioVariant, 'extras'> & { offers: number }>;
}

/** Loader data of a configurator page (`features/configurator/pro-fit.server.ts`): the same for every shopper. */
export interface ConfiguratorData {
  /** Public ASSET_URL, for the pictures. */
  assetUrl: string;
  type: StudioType;
  title: string;
  intro: string;
  models: StudioModelData[];
}

/** A model with each variant's extras in place, as the rules and the page use it. */
export function expandModel({ offerSets, variants, ...model }: StudioModelData): StudioModel {
  return { ...model, variants: variants.map(({ offers, ...v }) => ({ ...v, extras: offerSets[offers] ?? [] })) };
}

/** Loader data of the landing page `/pro-fit-studio`. */
export interface ProFitStudioData {
  /** Public ASSET_URL, for the pictures. */
  assetUrl: string;
  types: Array<{ type: StudioType; href: string; name: string; text: string; image: string | null }>;
}
