import { type ComponentType, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { consent } from '../../lib/consent/consent';
import ConsentBanner from './ConsentBanner';
import { useRouterState } from '../../router/context';
import { usePanels, useStores } from '../../stores/StoresProvider';

/** Each modal's code loads when its panel first opens (the newsletter form brings the shared form rules with it). */
const onDemand = (load: () => Promise<{ default: ComponentType }>) =>
  lazy(() =>
    load().catch((error) => {
      console.error('Shell code could not be loaded', error);
      return { default: () => null };
    }),
  );
const modals = {
  cookies: onDemand(() => import('./CookieSettings')),
  language: onDemand(() => import('./LanguagePicker')),
  newsletter: onDemand(() => import('./NewsletterModal')),
  welcome: onDemand(() => import('./WelcomeModal')),
};
type ModalName = keyof typeof modals;
const isModal = (name: string | null): name is ModalName => !!name && Object.hasOwn(modals, name);

/** localStorage key of the welcome modal, as in ShellModals.tsx (a test keeps them equal; importing it would split a chunk). */
export const WELCOME_KEY = 'psiaki-welcome';
/** Pages where no welcome interrupts: checkout, the account area and Pro-Fit Studio (a task in progress). */
const NO_WELCOME = /^\/(?:checkout|Checkout|my-account|MyAccount|pro-fit-studio)(?:\/|$|\?)/;

/** Whether a page (path and query) may greet at all. */
export const welcomeAllowedOn = (url: string): boolean => !NO_WELCOME.test(url);

function welcomeSeen(): boolean {
  try {
    return localStorage.getItem(WELCOME_KEY) !== null;
  } catch {
    return true; // without storage we could not remember the dismissal: better never than every page
  }
}

/**
 * The shell's overlays (loaded on demand by ShellModals): the cookie banner (first visit or a
 * new consent version), the cookie settings, language picker, newsletter and welcome modals
 * (panels of the panels store, one open at a time), and the welcome modal's timing.
 */
export default function ShellOverlays() {
  const open = usePanels((s) => s.open);
  const { panels } = useStores();
  const { payload, url } = useRouterState();
  const [showBanner, setShowBanner] = useState(false);
  const [mounted, setMounted] = useState<Partial<Record<ModalName, true>>>({});
  if (isModal(open) && !mounted[open]) setMounted({ ...mounted, [open]: true });

  useEffect(() => {
    setShowBanner(consent.choice() === null);
    return consent.subscribe(() => setShowBanner(false));
  }, []);

  // Spec §2 welcome: once per visitor, never over the cookie banner (it waits for the answer), never on
  // checkout, account or Pro-Fit Studio pages, and only at a calm moment after a navigation
  // (client/lib/shell/welcome.ts, decision 093).
  const welcomeHere = !showBanner && payload.layout !== 'account' && welcomeAllowedOn(url);
  const path = url.split(/[?#]/)[0]!;
  // The page this visit's overlays started on: no welcome there, only after the shopper moves on.
  const startPath = useRef<string | null>(path);
  useEffect(() => {
    if (startPath.current === path) return;
    startPath.current = null;
    if (!welcomeHere || consent.choice() === null || welcomeSeen()) return;
    // The timing code loads after the navigation, not with the first page.
    let stop: (() => void) | undefined;
    let cancelled = false;
    import('../../lib/shell/welcome')
      .then(({ watchForCalm }) => {
        if (cancelled) return;
        stop = watchForCalm(
          () => panels.getState().open,
          () => {
            try {
              localStorage.setItem(WELCOME_KEY, new Date().toISOString());
            } catch {
              return;
            }
            panels.getState().openPanel('welcome');
          },
        );
      })
      .catch((error: unknown) => console.error('Shell code could not be loaded', error));
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [path, welcomeHere, panels]);

  return (
    <>
      {showBanner && <ConsentBanner />}
      {(Object.keys(modals) as ModalName[]).map((name) => {
        const Component = modals[name];
        // Each mounted the first time its panel opens, then kept (it renders nothing while closed).
        return mounted[name] ? (
          <Suspense key={name} fallback={null}>
            <Component />
          </Suspense>
        ) : null;
      })}
    </>
  );
}
