import { useState } from 'react';
import { ALL_ALLOWED, consent, type ConsentChoice, NECESSARY_ONLY, OPTIONAL_CATEGORIES } from '../../lib/consent/consent';
import { usePanels } from '../../stores/StoresProvider';
import { modalTexts } from '../../texts/shell-modals';
import { Panel } from '../ui/Panel';

const st = modalTexts.cookieSettings;

/** Per-category cookie settings (panel `cookies`): necessary shown on and locked; the optional ones as stored, else off. */
export default function CookieSettings() {
  const open = usePanels((s) => s.open === 'cookies');
  return open ? <Settings /> : null;
}

function Settings() {
  const close = usePanels((s) => s.close);
  const [choice, setChoice] = useState<ConsentChoice>(() => consent.choice() ?? NECESSARY_ONLY);
  const save = (value: ConsentChoice) => {
    consent.save(value);
    close();
  };
  const [necessaryName, necessaryText] = st.categories.necessary!;
  return (
    <Panel title={st.title} closeLabel={st.close} onClose={close} variant="modal" className="cookie-settings">
      <p>{st.intro}</p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save(choice);
        }}
      >
        <ul className="cookie-settings__list">
          <li>
            <label className="cookie-settings__option">
              <input type="checkbox" checked disabled aria-describedby="cookie-necessary" />
              <span>
                <strong>{necessaryName}</strong> <span className="cookie-settings__always">({st.alwaysOn})</span>
              </span>
            </label>
            <p id="cookie-necessary" className="cookie-settings__hint">
              {necessaryText}
            </p>
          </li>
          {OPTIONAL_CATEGORIES.map((category) => {
            const [name, text] = st.categories[category]!;
            return (
              <li key={category}>
                <label className="cookie-settings__option">
                  <input
                    type="checkbox"
                    name={category}
                    checked={choice[category]}
                    aria-describedby={`cookie-${category}`}
                    onChange={(event) => setChoice({ ...choice, [category]: event.target.checked })}
                  />
                  <strong>{name}</strong>
                </label>
                <p id={`cookie-${category}`} className="cookie-settings__hint">
                  {text}
                </p>
              </li>
            );
          })}
        </ul>
        <div className="cookie-settings__actions">
          <button type="submit" className="button">
            {st.save}
          </button>
          <button type="button" className="button button--ghost" onClick={() => save(ALL_ALLOWED)}>
            {st.acceptAll}
          </button>
          <button type="button" className="button button--ghost" onClick={() => save(NECESSARY_ONLY)}>
            {st.rejectOptional}
          </button>
        </div>
      </form>
    </Panel>
  );
}
