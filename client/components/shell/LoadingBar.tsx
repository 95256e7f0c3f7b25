import { useEffect, useState } from 'react';
import { useRouterState } from '../../router/context';
import { t } from '../../texts';

const SHOW_AFTER_MS = 200;

/** Top loading bar: appears only when a navigation takes over 200 ms; red when it failed. */
export function LoadingBar() {
  const { pending, failed } = useRouterState();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!pending) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [pending]);
  const className = failed ? 'loading-bar loading-bar--failed' : visible ? 'loading-bar loading-bar--active' : 'loading-bar';
  return (
    <div
      className={className}
      role="progressbar"
      aria-label={failed ? t.loading.failed : t.loading.label}
      aria-hidden={!visible && !failed}
    />
  );
}
