import type { KeyboardEvent } from 'react';
import { IMAGE, imageUrl } from '../../client/lib/image';
import type { ProductImageData } from './product-data';
import { productTexts } from './product.texts';

const T = productTexts.gallery;

/** The gallery's 100x100 thumbnails: the current one marked, each a button to its image. */
export function GalleryThumbs({
  images,
  index,
  assetUrl,
  onIndex,
  onKey,
}: {
  images: ProductImageData[];
  index: number;
  assetUrl: string;
  onIndex(i: number): void;
  onKey(e: KeyboardEvent): void;
}) {
  return (
    <ul className="pdp-gallery__thumbs" aria-label={T.thumbs}>
      {images.map((img, i) => (
        <li key={img.id}>
          <button
            type="button"
            className="pdp-gallery__thumb"
            aria-label={T.position(i + 1, images.length)}
            aria-current={i === index ? 'true' : undefined}
            onClick={() => onIndex(i)}
            onKeyDown={onKey}
          >
            <img
              src={imageUrl(img.preview, IMAGE.galleryThumb, assetUrl)}
              width={100}
              height={100}
              alt=""
              loading="lazy"
              draggable={false}
            />
          </button>
        </li>
      ))}
    </ul>
  );
}
