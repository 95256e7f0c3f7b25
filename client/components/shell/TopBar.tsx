import { useEffect, useState } from 'react';
import { useRouterState } from '../../router/context';
import { shellTexts } from '../../texts/shell';
import { type CountdownParts, pad, parseTarget, startCountdown } from '../../lib/shell/countdown';

const tt = shellTexts.topBar;

/**
 * Spec §2 top bar: help and FAQ link, the promo title (HTML sanitised by the
 * worker) with its countdown, and the 'Polski produkt' badge. One line of a
 * fixed height, so neither the promo nor the countdown moves anything below.
 */
export function TopBar() {
  const topBar = useRouterState().payload.topBar;
  const target = parseTarget(topBar?.date);
  return (
    <aside className="top-bar" aria-label={tt.label}>
      <div className="container top-bar__inner">
        <a className="top-bar__help" href="/obsluga-klienta/faq">
          {tt.help}
        </a>
        {topBar && (
          <p className="top-bar__promo">
            {/* Sanitised to inline tags by the worker (worker/pages/top-bar.ts), never raw backend HTML. */}
            {topBar.titleHtml && <span className="top-bar__title" dangerouslySetInnerHTML={{ __html: topBar.titleHtml }} />}
            {target !== null && <Countdown target={target} />}
          </p>
        )}
        <span className="top-bar__badge">{tt.polishProduct}</span>
      </div>
    </aside>
  );
}

/**
 * Spec §4 countdown. The server and the hydrating render show an empty box of
 * the final size; the time is computed after mount (no hydration mismatch) and
 * ticks every second until zero. `role="timer"` is not announced on every tick.
 */
function Countdown({ target }: { target: number }) {
  const [parts, setParts] = useState<CountdownParts | null>(null);
  useEffect(
    () =>
      startCountdown(target, setParts, {
        now: Date.now,
        setInterval: (f, ms) => window.setInterval(f, ms),
        clearInterval: (h) => window.clearInterval(h as number),
      }),
    [target],
  );
  return (
    <span className="countdown" role="timer" aria-label={tt.countdown}>
      {parts ? `${parts.days}${tt.days} ${pad(parts.hours)}:${pad(parts.minutes)}:${pad(parts.seconds)}` : ''}
    </span>
  );
}
