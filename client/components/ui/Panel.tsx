import { type ReactNode, useEffect, useId, useRef } from 'react';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
}

/** Stops the page behind from scrolling; keeps the layout from jumping when the scrollbar disappears. */
function lockScroll(): () => void {
  const html = document.documentElement;
  const gap = window.innerWidth - html.clientWidth;
  const previous = document.body.style.paddingRight;
  html.classList.add('scroll-locked');
  if (gap > 0) document.body.style.paddingRight = `${gap}px`;
  return () => {
    html.classList.remove('scroll-locked');
    document.body.style.paddingRight = previous;
  };
}

interface PanelProps {
  /** Visible heading; also the dialog's accessible name. */
  title: string;
  /** Accessible name of the close button (e.g. "Zamknij koszyk"). */
  closeLabel: string;
  onClose(): void;
  /** Side sheet from the right or left edge, or a centred modal. */
  variant?: 'right' | 'left' | 'modal';
  /** Stays at the bottom while the body scrolls (totals, main action). */
  footer?: ReactNode;
  className?: string;
  children: ReactNode;
}

/**
 * The shared side panel / modal of spec §2 (cart, wishlist, login, size,
 * newsletter, filters, menu). Render it only while open: on mount it takes
 * focus, locks page scroll and traps Tab inside (`aria-modal`); Escape, the
 * close button and a click on the backdrop call `onClose`; on unmount it
 * unlocks scroll and gives focus back to where it was (the button that opened it).
 */
export function Panel({ title, closeLabel, onClose, variant = 'right', footer, className, children }: PanelProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const unlock = lockScroll();
    dialog.focus({ preventScroll: true });

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusables(dialog);
      if (items.length === 0) {
        event.preventDefault();
        dialog.focus();
        return;
      }
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === dialog || !dialog.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    // Focus that escapes anyway (a click outside, assistive technology) is brought back.
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target as Node | null;
      if (target && !dialog.contains(target) && !(target instanceof Element && target.closest('.notifications')))
        dialog.focus({ preventScroll: true });
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      unlock();
      // Give focus back unless something else (a navigation, another panel) has already taken it.
      const active = document.activeElement;
      if (returnTo?.isConnected && (!active || active === document.body || dialog.contains(active)))
        returnTo.focus({ preventScroll: true });
    };
  }, []);

  return (
    <div className={`panel panel--${variant}`}>
      {/* Pointer users close by clicking beside the panel; keyboard users have Escape and the close button. */}
      <div className="panel__backdrop" aria-hidden="true" onClick={() => onCloseRef.current()} />
      <div
        ref={dialogRef}
        className={`panel__dialog ${className ?? ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div className="panel__head">
          <h2 id={titleId} className="panel__title">
            {title}
          </h2>
          <button type="button" className="panel__close" onClick={() => onCloseRef.current()} aria-label={closeLabel}>
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <div className="panel__body">{children}</div>
        {footer && <div className="panel__footer">{footer}</div>}
      </div>
    </div>
  );
}
