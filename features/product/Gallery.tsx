import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import type { ProductImageData } from './product-data';
import { IMAGE, imageUrl } from '../../client/lib/image';
import { cycle, swipeOutcome } from './product-ui';
import { useRouterState } from '../../client/router/context';
import { productTexts } from './product.texts';
import { Modal } from './Modal';

const T = productTexts.gallery;

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
  const [zoom, setZoom] = useState(false);
  const [offset, setOffset] = useState(0);
  const drag = useRef<{ x: number; width: number; id: number } | null>(null);
  const blockClick = useRef(false);
  const count = images.length;
  const current = images[Math.min(index, count - 1)];
  if (!current) return <div className="pdp-gallery pdp-gallery--empty" aria-hidden="true" />;

  const go = (step: number) => onIndex(cycle(index, step, count));
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight') go(1);
    else if (e.key === 'ArrowLeft') go(-1);
    else return;
    e.preventDefault();
  };
  const onPointerDown = (e: PointerEvent<HTMLElement>) => {
    if (count < 2 || (e.pointerType === 'mouse' && e.button !== 0)) return;
    drag.current = { x: e.clientX, width: e.currentTarget.getBoundingClientRect().width, id: e.pointerId };
    blockClick.current = false;
  };
  const onPointerMove = (e: PointerEvent<HTMLElement>) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    const dx = e.clientX - d.x;
    if (Math.abs(dx) > 4 && !e.currentTarget.hasPointerCapture(e.pointerId)) e.currentTarget.setPointerCapture(e.pointerId);
    setOffset(dx);
  };
  const onPointerEnd = (e: PointerEvent<HTMLElement>) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    drag.current = null;
    const outcome = swipeOutcome(e.clientX - d.x, d.width);
    blockClick.current = outcome.blockClick;
    setOffset(0);
    if (outcome.step) go(outcome.step);
  };
  const zoomSrc = imageUrl(current.source, { w: current.width, h: current.height, mode: 'resize', format: 'webp' }, assetUrl);

  return (
    <section className="pdp-gallery" aria-roledescription="galeria" aria-label={T.label}>
      <div className="pdp-gallery__stage">
        <button
          type="button"
          className="pdp-gallery__main"
          aria-label={`${T.zoom}: ${T.position(index + 1, count)}`}
          onKeyDown={onKey}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerEnd}
          onPointerCancel={onPointerEnd}
          onClick={(e) => {
            if (blockClick.current) {
              blockClick.current = false;
              e.preventDefault();
              return;
            }
            setZoom(true);
          }}
          onDragStart={(e) => e.preventDefault()}
        >
          <img
            src={imageUrl(current.preview, IMAGE.galleryMain, assetUrl)}
            width={750}
            height={750}
            alt={`${name} – ${T.position(index + 1, count)}`}
            fetchPriority={index === 0 ? 'high' : undefined}
            draggable={false}
            style={offset ? { transform: `translateX(${offset}px)` } : undefined}
          />
        </button>
        {count > 1 && (
          <>
            <button
              type="button"
              className="pdp-gallery__arrow pdp-gallery__arrow--prev"
              aria-label={T.previous}
              onClick={() => go(-1)}
              onKeyDown={onKey}
            >
              <span aria-hidden="true">‹</span>
            </button>
            <button
              type="button"
              className="pdp-gallery__arrow pdp-gallery__arrow--next"
              aria-label={T.next}
              onClick={() => go(1)}
              onKeyDown={onKey}
            >
              <span aria-hidden="true">›</span>
            </button>
          </>
        )}
        <p className="visually-hidden" aria-live="polite">
          {T.position(index + 1, count)}
        </p>
      </div>
      {count > 1 && (
        <ul className="pdp-gallery__thumbs" aria-label={T.thumbs}>
          {images.map((img, i) => (
            <li key={img.id}>
              <button
                type="button"
                className="pdp-gallery__thumb"
                aria-label={T.position(i + 1, count)}
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
      )}
      <Modal
        open={zoom}
        onClose={() => setZoom(false)}
        label={`${name} – ${T.position(index + 1, count)}`}
        closeLabel={T.close}
        className="pdp-zoom"
      >
        <img
          className="pdp-zoom__image"
          src={zoomSrc}
          width={current.width}
          height={current.height}
          alt={`${name} – ${T.position(index + 1, count)}`}
        />
        {count > 1 && (
          <div className="pdp-zoom__nav">
            <button type="button" className="pdp-gallery__arrow" aria-label={T.previous} onClick={() => go(-1)}>
              <span aria-hidden="true">‹</span>
            </button>
            <span aria-live="polite">{T.position(index + 1, count)}</span>
            <button type="button" className="pdp-gallery__arrow" aria-label={T.next} onClick={() => go(1)}>
              <span aria-hidden="true">›</span>
            </button>
          </div>
        )}
      </Modal>
    </section>
  );
}
