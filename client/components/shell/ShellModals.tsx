import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { usePanels } from '../../stores/StoresProvider';

/** localStorage key: the welcome modal has been shown to this visitor (spec §2: once). */
export const WELCOME_KEY = 'psiaki-welcome';
/**
 * `consent=<version>.`: a stored choice of the current version (client/lib/consent/consent.ts; a test
 * keeps the two equal). Repeated here so every page can ask without downloading the consent code.
 */
export const CURRENT_CONSENT_PREFIX = 'consent=1.';
/** Panels whose code is in the shell's on-demand chunk. */
const SHELL_PANELS = new Set(['cookies', 'language', 'newsletter', 'welcome']);

const Overlays = lazy<ComponentType>(() =>
  import('./ShellOverlays').catch((error) => {
    console.error('Shell code could not be loaded', error);
    return { default: () => null };
  }),
);

/** Whether this page load has shell work before anyone opens a panel: the cookie banner or a welcome still due. */
function dueOnLoad(): boolean {
  try {
    return !document.cookie.split(/;\s*/).some((c) => c.startsWith(CURRENT_CONSENT_PREFIX)) || localStorage.getItem(WELCOME_KEY) === null;
  } catch {
    return true;
  }
}

/**
 * The shell's overlays (cookie banner and settings, language picker, newsletter and welcome
 * modals) load on demand: on a page load that needs the banner or may greet, or when one of
 * their panels opens. A returning visitor who opens none downloads none of it.
 */
export function ShellModals() {
  const open = usePanels((s) => s.open);
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (dueOnLoad()) setWanted(true);
  }, []);
  if (!wanted && open && SHELL_PANELS.has(open)) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <Overlays />
    </Suspense>
  ) : null;
}
