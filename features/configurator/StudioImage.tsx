import { imageUrl, srcSet } from '../../client/lib/image';

/**
 * A picture of a harness from the backend, square, lazy unless `eager`. The
 * studio's own small image rather than the catalogue's ProductImage: sharing
 * that component split the card chunk every catalogue page loads (≈0.4 KB gzip
 * more on home, category and product pages), while `imageUrl` lives in the
 * shell already. The asset server's address comes with the page data for the
 * same reason (the router's context hook sits in a shared chunk).
 */
export function StudioImage({
  preview,
  alt,
  sizes,
  assetUrl,
  eager = false,
}: {
  preview: string | null;
  alt: string;
  sizes: string;
  assetUrl: string;
  eager?: boolean;
}) {
  if (!preview) return <div className="studio-image studio-image--empty" aria-hidden="true" />;
  return (
    <img
      className="studio-image"
      src={imageUrl(preview, { w: 600, h: 600 }, assetUrl)}
      srcSet={srcSet(preview, 600, assetUrl)}
      sizes={sizes}
      width={600}
      height={600}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
    />
  );
}
