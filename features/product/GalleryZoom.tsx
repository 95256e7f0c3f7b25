import { imageUrl } from '../../client/lib/image';
import { Modal } from './Modal';
import type { ProductImageData } from './product-data';
import { productTexts } from './product.texts';

const T = productTexts.gallery;

/** The gallery's zoom dialog: the full-size webp, with previous and next when there are more images. */
export function GalleryZoom({
  open,
  onClose,
  image,
  title,
  position,
  assetUrl,
  many,
  go,
}: {
  open: boolean;
  onClose(): void;
  image: ProductImageData;
  /** the image's name and position, the dialog's label and the image's alt */
  title: string;
  position: string;
  assetUrl: string;
  many: boolean;
  go(step: number): void;
}) {
  return (
    <Modal open={open} onClose={onClose} label={title} closeLabel={T.close} className="pdp-zoom">
      <img
        className="pdp-zoom__image"
        src={imageUrl(image.source, { w: image.width, h: image.height, mode: 'resize', format: 'webp' }, assetUrl)}
        width={image.width}
        height={image.height}
        alt={title}
      />
      {many && (
        <div className="pdp-zoom__nav">
          <button type="button" className="pdp-gallery__arrow" aria-label={T.previous} onClick={() => go(-1)}>
            <span aria-hidden="true">‹</span>
          </button>
          <span aria-live="polite">{position}</span>
          <button type="button" className="pdp-gallery__arrow" aria-label={T.next} onClick={() => go(1)}>
            <span aria-hidden="true">›</span>
          </button>
        </div>
      )}
    </Modal>
  );
}
