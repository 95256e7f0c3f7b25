/**
 * Spec §3 cart line "features list (name, id, description, value, unit)": what the product is,
 * from its facet values in the backend ('Szerokość taśmy: 20 mm', 'Rodzaj taśmy: taśma nylonowa'),
 * beside what the shopper chose (the line's options and personalisation, line-details.ts).
 */
export interface LineFeature {
  /** The facet's id. */
  id: string;
  /** The facet's name ('Szerokość taśmy'). */
  name: string;
  /** Vendure's facets carry no description; kept for the spec's shape. */
  description: string | null;
  /** '20' (with its unit apart), else the value's name ('Taśma nylonowa'). */
  value: string;
  /** 'mm' when the value is a number with a unit, else null. */
  unit: string | null;
}

/** What a line needs: the product's facet values and the codes of the variant's option groups. */
export interface FeatureSource {
  productVariant: {
    options: ReadonlyArray<{ group: { code: string } }>;
    product: { facetValues?: ReadonlyArray<{ id: string; name: string; facet: { id: string; code: string; name: string } }> | null };
  };
}

/** Facets shown as badges (sale, new), not as features. */
const BADGE_FACETS = new Set(['promocja', 'nowosc']);
/** "20 mm", "1,5 m", "100 g": a number and a unit of the catalogue. */
const WITH_UNIT = /^(\d+(?:[.,]\d+)?)\s*(mm|cm|m|g|kg|ml|l)$/i;

/**
 * The features of a cart or order line, one per facet, in the backend's order. Left out: the badge
 * facets; a facet that is also one of the variant's option groups (the line's option already says
 * which value the shopper chose: 'Szerokość taśmy: 20 mm', not every width the product comes in);
 * and a facet with several values on the product (the colours it comes in describe the choice, not
 * the piece in the cart, whose colours the options or the configurator name).
 */
export function lineFeatures(line: FeatureSource): LineFeature[] {
  const chosen = new Set(line.productVariant.options.map((o) => o.group.code));
  const byFacet = new Map<string, { name: string; values: string[] }>();
  for (const v of line.productVariant.product.facetValues ?? []) {
    if (BADGE_FACETS.has(v.facet.code) || chosen.has(v.facet.code)) continue;
    const entry = byFacet.get(v.facet.id) ?? { name: v.facet.name, values: [] };
    if (!entry.values.includes(v.name)) entry.values.push(v.name);
    byFacet.set(v.facet.id, entry);
  }
  return [...byFacet]
    .filter(([, { values }]) => values.length === 1)
    .map(([id, { name, values }]) => {
      const value = values[0]!;
      const measured = WITH_UNIT.exec(value);
      return { id, name, description: null, value: measured ? measured[1]! : value, unit: measured ? measured[2]! : null };
    });
}

/** A feature's value as the shopper reads it: '20 mm', 'taśma nylonowa'. */
export function featureText(feature: Pick<LineFeature, 'value' | 'unit'>): string {
  return feature.unit ? `${feature.value} ${feature.unit}` : feature.value;
}
