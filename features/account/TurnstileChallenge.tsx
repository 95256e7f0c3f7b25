import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { loadTurnstile } from './turnstile';
import type { Challenge } from '../../client/lib/shop-api';
import { accountTexts } from './account.texts';

const T = accountTexts.login.challenge;

/**
 * The Turnstile widget a challenged login shows (worker/ratelimit/turnstile.ts), in a labelled
 * group under the login form. Its script is loaded only now (features/account/turnstile.ts).
 * Focus moves to the group when it appears, so a keyboard or screen-reader user hears what is
 * asked and reaches the widget with the next Tab. The widget's token goes to `onToken`; each new
 * `round` (a refused attempt: tokens are single-use) resets the widget.
 */
export function TurnstileChallenge({
  challenge,
  round,
  describedBy,
  onToken,
}: {
  challenge: Challenge;
  round: number;
  /** The id of the form's message, which says why the check is asked for. */
  describedBy?: string | undefined;
  onToken(token: string): void;
}) {
  const group = useRef<HTMLDivElement>(null);
  const container = useRef<HTMLDivElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const tokenArrived = useEffectEvent((token: string) => {
    setProblem(null);
    onToken(token);
  });

  // On showing, and again after a refused attempt (the widget is drawn anew and had the focus).
  useEffect(() => {
    group.current?.focus();
  }, [round]);

  useEffect(() => {
    let widgetId: string | null | undefined;
    let gone = false;
    setProblem(null);
    loadTurnstile(challenge.scriptUrl)
      .then((turnstile) => {
        if (gone || !container.current) return;
        widgetId = turnstile.render(container.current, {
          sitekey: challenge.siteKey,
          language: 'pl',
          callback: tokenArrived,
          'expired-callback': () => setProblem(T.expired),
          'error-callback': () => {
            setProblem(T.failed);
            return true;
          },
        });
      })
      .catch((error: unknown) => {
        console.error('Turnstile could not be loaded', error);
        if (!gone) setProblem(T.loadFailed);
      });
    return () => {
      gone = true;
      if (widgetId) window.turnstile?.remove(widgetId);
    };
  }, [challenge.scriptUrl, challenge.siteKey, round]);

  return (
    <div
      ref={group}
      className="login-form__challenge"
      role="group"
      aria-labelledby="login-challenge-label"
      aria-describedby={[describedBy, 'login-challenge-hint'].filter(Boolean).join(' ')}
      tabIndex={-1}
    >
      <p id="login-challenge-label" className="field__label">
        {T.label}
      </p>
      <p id="login-challenge-hint" className="field__hint">
        {T.hint}
      </p>
      <div ref={container} className="login-form__widget" />
      {problem && (
        <p className="field__error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
