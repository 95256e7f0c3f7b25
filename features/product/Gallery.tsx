import type { ProductImageData } from './product-data';
import { IMAGE, imageUrl } from '../../client/lib/image';
import { useRouterState } from '../../client/router/context';
import { productTexts } from './product.texts';
import { GalleryThumbs } from './GalleryThumbs';
import { GalleryZoom } from './GalleryZoom';
import { useGallery } from './use-gallery';

const T = productTexts.gallery;

/**
 * The product gallery's main image (the product page's LCP element): 750x750 by spec §9, with
 * `srcset` widths for phones — Lighthouse's (412 px at DPR 1.75: ~665 px of image) takes 750w, a
 * 390 px phone at DPR 3 (~1074 px) 1200w — and `sizes` after the page's layout (full width less
 * the container's 16 px padding each side; from 1024 px the gallery's 7/12 column, at most 700 px).
 * React's server renderer turns an eager `<img>` with `fetchPriority="high"` into a `<link
 * rel="preload" as="image" imagesrcset imagesizes>` at the top of the document's head (before the
 * stylesheet), so the browser starts the image it will show with the HTML.
 */
function galleryImage(preview: string, assetUrl = ''): ResponsiveImage {
  return {
    src: imageUrl(preview, IMAGE.galleryMain, assetUrl),
    srcSet: [480, 750, 1200].map((w) => `${imageUrl(preview, { w, h: w }, assetUrl)} ${w}w`).join(', '),
    sizes: '(min-width: 1024px) 700px, calc(100vw - 32px)',
  };
}

/** `src`, `srcSet` and `sizes` of an `<img>`. */
interface ResponsiveImage {
  src: string;
  srcSet: string;
  sizes: string;
}

/**
 * Spec §2/§9 gallery: main image 750x750, thumbnails 100x100, the full-size
 * webp in a zoom dialog. Cycles by swipe or mouse drag (past 25% of the width),
 * buttons, arrow keys or thumbnails; a drag over 5% does not count as a click.
 * The index is controlled by the page, so choosing a variant shows its picture.
 */
export function Gallery({
  images,
  name,
  index,
  onIndex,
}: {
  images: ProductImageData[];
  name: string;
  index: number;
  onIndex(i: number): void;
}) {
  const { assetUrl } = useRouterState().payload.config;
  const count = images.length;
  const g = useGallery(index, count, onIndex);
  const current = images[Math.min(index, count - 1)];
  if (!current) return <div className="pdp-gallery pdp-gallery--empty" aria-hidden="true" />;
  const position = T.position(index + 1, count);
  const title = `${name} – ${position}`;

  return (
    <section className="pdp-gallery" aria-roledescription="galeria" aria-label={T.label}>
      <div className="pdp-gallery__stage">
        <button
          type="button"
          className="pdp-gallery__main"
          aria-label={`${T.zoom}: ${position}`}
          onKeyDown={g.onKey}
          onPointerDown={g.onPointerDown}
          onPointerMove={g.onPointerMove}
          onPointerUp={g.onPointerEnd}
          onPointerCancel={g.onPointerEnd}
          onClick={g.onMainClick}
          onDragStart={(e) => e.preventDefault()}
        >
          <img
            {...galleryImage(current.preview, assetUrl)}
            width={750}
            height={750}
            alt={title}
            fetchPriority={index === 0 ? 'high' : undefined}
            draggable={false}
            style={g.offset ? { transform: `translateX(${g.offset}px)` } : undefined}
          />
        </button>
        {count > 1 && (
          <>
            <button
              type="button"
              className="pdp-gallery__arrow pdp-gallery__arrow--prev"
              aria-label={T.previous}
              onClick={() => g.go(-1)}
              onKeyDown={g.onKey}
            >
              <span aria-hidden="true">‹</span>
            </button>
            <button
              type="button"
              className="pdp-gallery__arrow pdp-gallery__arrow--next"
              aria-label={T.next}
              onClick={() => g.go(1)}
              onKeyDown={g.onKey}
            >
              <span aria-hidden="true">›</span>
            </button>
          </>
        )}
        <p className="visually-hidden" aria-live="polite">
          {position}
        </p>
      </div>
      {count > 1 && <GalleryThumbs images={images} index={index} assetUrl={assetUrl} onIndex={onIndex} onKey={g.onKey} />}
      <GalleryZoom
        open={g.zoom}
        onClose={g.closeZoom}
        image={current}
        title={title}
        position={position}
        assetUrl={assetUrl}
        many={count > 1}
        go={g.go}
      />
    </section>
  );
}
