import { usePanels } from '../../stores/StoresProvider';
import { modalTexts } from '../../texts/shell-modals';
import { Panel } from '../ui/Panel';

const lt = modalTexts.language;

/** The shop's configured locales (spec §1: only Polish today). Add one here when its texts exist. */
export const LOCALES: ReadonlyArray<{ code: string; name: string }> = [{ code: 'pl', name: 'Polski' }];
const YEAR_SECONDS = 365 * 24 * 60 * 60;

function currentLocale(): string {
  return /(?:^|;\s*)locale=([^;]+)/.exec(document.cookie)?.[1] ?? 'pl';
}

/** Spec §2 'Choose language': sets the `locale` cookie for 365 days and reloads the page in it. */
export default function LanguagePicker() {
  const open = usePanels((s) => s.open === 'language');
  const close = usePanels((s) => s.close);
  if (!open) return null;
  const current = currentLocale();
  const choose = (code: string) => {
    const secure = location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `locale=${code}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax${secure}`;
    location.reload();
  };
  return (
    <Panel title={lt.title} closeLabel={lt.close} onClose={close} variant="modal" className="language-picker">
      <p>{lt.intro}</p>
      <ul className="language-picker__list">
        {LOCALES.map((locale) => (
          <li key={locale.code}>
            <button
              type="button"
              className="button button--ghost"
              lang={locale.code}
              aria-current={locale.code === current ? 'true' : undefined}
              onClick={() => choose(locale.code)}
            >
              {locale.name}
              {locale.code === current && <span className="language-picker__current"> ({lt.current})</span>}
            </button>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
