import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { useNotifications, usePanels } from '../../client/stores/StoresProvider';

/**
 * The login modal's code (forms, texts, customer documents) is downloaded on intent (pointer
 * over / focus on the account icon) or on the first open, never with the page. A chunk that
 * cannot load closes the panel with a message instead of breaking the page.
 */
const UNAVAILABLE = 'Nie udało się otworzyć logowania. Sprawdź połączenie i spróbuj ponownie.';

let pending: Promise<{ default: ComponentType }> | null = null;
function load(): Promise<{ default: ComponentType }> {
  pending ??= import('./LoginModal').catch((error) => {
    console.error('Login modal code could not be loaded', error);
    pending = null;
    return { default: LoginUnavailable };
  });
  return pending;
}
const LoginModal = lazy(load);

export function preloadLogin(): void {
  void load();
}

/** Mounted once next to the sidebars; renders the modal from its first open on. */
export function LoginModalMount() {
  const open = usePanels((s) => s.open === 'login');
  const [seen, setSeen] = useState(false);
  if (open && !seen) setSeen(true);
  return <Suspense fallback={null}>{seen && <LoginModal />}</Suspense>;
}

function LoginUnavailable() {
  const open = usePanels((s) => s.open === 'login');
  const close = usePanels((s) => s.close);
  const notify = useNotifications((s) => s.notify);
  useEffect(() => {
    if (!open) return;
    close();
    notify({ message: UNAVAILABLE, kind: 'error' });
  }, [open, close, notify]);
  return null;
}
