import type { ReactNode } from 'react';

/**
 * The message of a whole form (the server's answer to a submit): an error is announced at once
 * (`role="alert"`), a success politely (`role="status"`). With `onRetry` a failure offers to send
 * the same data again (the backend was out of reach), under the button text `retryLabel`.
 */
export function FormMessage({
  id,
  kind,
  children,
  onRetry,
  retryLabel,
}: {
  /** For a control the message describes (`aria-describedby`). */
  id?: string;
  kind: 'error' | 'success';
  children: ReactNode;
  onRetry?: (() => void) | false | undefined;
  retryLabel?: string;
}) {
  return (
    <div id={id} className={`form-message form-message--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
      {onRetry && (
        <p className="form-message__actions">
          <button type="button" className="button button--small button--ghost" onClick={onRetry}>
            {retryLabel}
          </button>
        </p>
      )}
    </div>
  );
}
