import { IMAGE, imageUrl, srcSet } from '../../client/lib/image';
import { useRouterState } from '../../client/router/context';

/**
 * A product image: 600x600 webp with a 50x50 quality-10 placeholder behind it
 * until it loads; fixed width/height so nothing shifts; lazy below the fold.
 */
export function ProductImage({
  preview,
  alt,
  eager = false,
  sizes = '(min-width: 1024px) 300px, 50vw',
  className,
}: {
  preview: string | undefined;
  alt: string;
  eager?: boolean;
  sizes?: string;
  className?: string;
}) {
  const { assetUrl } = useRouterState().payload.config;
  if (!preview) return <div className={`product-image product-image--empty ${className ?? ''}`} aria-hidden="true" />;
  return (
    <div
      className={`product-image ${className ?? ''}`}
      style={{ backgroundImage: `url("${imageUrl(preview, IMAGE.placeholder, assetUrl)}")` }}
    >
      <img
        src={imageUrl(preview, IMAGE.product, assetUrl)}
        srcSet={srcSet(preview, 600, assetUrl)}
        sizes={sizes}
        width={600}
        height={600}
        alt={alt}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : undefined}
        decoding="async"
      />
    </div>
  );
}
