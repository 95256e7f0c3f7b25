import { useNotifications } from '../../stores/StoresProvider';

/** Spec §4 notifications, announced to screen readers; errors assertively. */
export function Notifications() {
  const items = useNotifications((s) => s.items);
  const dismiss = useNotifications((s) => s.dismiss);
  return (
    <section className="notifications" aria-label="Powiadomienia">
      <div aria-live="polite" aria-atomic="false">
        {items.map((n) => (
          <div key={n.id} className={`notification notification--${n.kind}`} role={n.kind === 'error' ? 'alert' : 'status'}>
            <p>{n.message}</p>
            <button type="button" onClick={() => dismiss(n.id)} aria-label="Zamknij powiadomienie">
              ×
            </button>
          </div>
        ))}
      </div>
    </section>
  );
}
