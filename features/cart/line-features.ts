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
interface FeatureSource {
  options: ReadonlyArray<{ group: { code: string } }>;
  product: { facetValues?: ReadonlyArray<{ id: string; name: string; facet: { id: string; code: string; name: string } }> | null };
}

/**
 * A line that has them: a cart line in its `catalogue` (the backend's read model, one SQL statement
 * for all lines), an order of the order history in its `productVariant`.
 */
export type FeatureLine = { catalogue: FeatureSource } | { productVariant: FeatureSource };

/** Where a line keeps its product's facet values and its options. */
function featureSource(line: FeatureLine): FeatureSource {
  return 'catalogue' in line ? line.catalogue : line.productVariant;
}

/** Facets shown as badges (sale, new), not as features. */
const BADGE_FACETS = ['promocja', 'nowosc'];
/** "20 mm", "1,5 m", "100 g": a number and a unit of the catalogue. */
const WITH_UNIT = /^(\d+(?:[.,]\d+)?)\s*(mm|cm|m|g|kg|ml|l)$/i;

/**
 * The features of a cart or order line, one per facet, in the backend's order. Left out: the badge
 * facets; a facet that is also one of the variant's option groups (the line's option already says
 * which value the shopper chose: 'Szerokość taśmy: 20 mm', not every width the product comes in);
 * and a facet with several values on the product (the colours it comes in describe the choice, not
 * the piece in the cart, whose colours the options or the configurator name).
 */
export function lineFeatures(line: FeatureLine): LineFeature[] {
  const { options, product } = featureSource(line);
  const skip = [...BADGE_FACETS, ...options.map((o) => o.group.code)];
  const values = product.facetValues ?? [];
  return values
    .filter((v) => !skip.includes(v.facet.code) && values.filter((w) => w.facet.id === v.facet.id).length === 1)
    .map((v) => {
      const measured = WITH_UNIT.exec(v.name);
      return { id: v.facet.id, name: v.facet.name, description: null, value: measured?.[1] ?? v.name, unit: measured?.[2] ?? null };
    });
}
