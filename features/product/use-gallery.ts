import { type KeyboardEvent, type MouseEvent, type PointerEvent, useRef, useState } from 'react';
import { cycle, swipeOutcome } from './product-ui';

/**
 * The gallery's behaviour: the zoom dialog, the drag offset of the main image and the ways to
 * cycle (buttons, arrow keys, swipe or mouse drag past 25% of the width; a drag over 5% is no click).
 */
export function useGallery(index: number, count: number, onIndex: (i: number) => void) {
  const [zoom, setZoom] = useState(false);
  const [offset, setOffset] = useState(0);
  const drag = useRef<{ x: number; width: number; id: number } | null>(null);
  const blockClick = useRef(false);

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
  /** A click on the main image opens the zoom, unless it ended a drag. */
  const onMainClick = (e: MouseEvent) => {
    if (blockClick.current) {
      blockClick.current = false;
      e.preventDefault();
      return;
    }
    setZoom(true);
  };
  const closeZoom = () => setZoom(false);

  return { zoom, closeZoom, offset, go, onKey, onPointerDown, onPointerMove, onPointerEnd, onMainClick };
}
