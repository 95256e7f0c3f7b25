import { useId } from 'react';
import { ALL_ALLOWED, consent, NECESSARY_ONLY } from '../../lib/consent/consent';
import { usePanels } from '../../stores/StoresProvider';
import { shellTexts } from '../../texts/shell';

const ct = shellTexts.consent;

/**
 * The cookie banner (spec §9): a fixed strip above the bottom navigation, so
 * it shifts nothing; not modal, so the page stays usable, and first in the
 * tab order of the app (rendered before the page) for keyboard users. Small
 * text on purpose: it must never be the largest paint (LCP) of a page.
 */
export default function ConsentBanner() {
  const textId = useId();
  const openPanel = usePanels((s) => s.openPanel);
  return (
    <section className="consent" aria-label={ct.label} aria-describedby={textId}>
      <p id={textId} className="consent__text">
        {ct.text} <a href="/page/polityka-cookies">{ct.policy}</a>
      </p>
      <div className="consent__actions">
        <button type="button" className="button button--small" onClick={() => consent.save(ALL_ALLOWED)}>
          {ct.acceptAll}
        </button>
        <button type="button" className="button button--small button--ghost" onClick={() => consent.save(NECESSARY_ONLY)}>
          {ct.rejectOptional}
        </button>
        <button type="button" className="button button--small button--ghost" aria-haspopup="dialog" onClick={() => openPanel('cookies')}>
          {ct.settings}
        </button>
      </div>
    </section>
  );
}
