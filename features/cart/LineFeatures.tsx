import { type FeatureLine, lineFeatures } from './line-features';

/**
 * The product's features on a cart or order line (spec §3 "features list"): the cart sidebar,
 * the checkout summary and the order history show them through this one component.
 */
export function LineFeatures({ line }: { line: FeatureLine }) {
  const features = lineFeatures(line);
  if (!features.length) return null;
  return (
    <dl className="line-features">
      {features.map((f) => (
        <div key={f.id}>
          <dt>{f.name}:</dt> <dd>{f.unit ? `${f.value} ${f.unit}` : f.value}</dd>
        </div>
      ))}
    </dl>
  );
}
