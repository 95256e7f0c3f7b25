import { type ReactNode, useEffect, useRef } from 'react';

/**
 * A modal on the native `<dialog>`: focus moves in and is trapped, Escape
 * closes, focus returns to the opener, the page behind is inert. `onClose`
 * runs however it closes (button, Escape, backdrop click).
 */
export function Modal({
  open,
  onClose,
  label,
  closeLabel,
  className,
  children,
}: {
  open: boolean;
  onClose(): void;
  label: string;
  closeLabel: string;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    // a click on the backdrop closes; keyboard users have Escape and the close button
    <dialog
      ref={ref}
      className={`pdp-modal ${className ?? ''}`}
      aria-label={label}
      onClose={onClose}
      onClick={(e) => {
        if (e.target === e.currentTarget) e.currentTarget.close();
      }}
    >
      <button type="button" className="pdp-modal__close" aria-label={closeLabel} onClick={() => ref.current?.close()}>
        <span aria-hidden="true">×</span>
      </button>
      {open && children}
    </dialog>
  );
}
