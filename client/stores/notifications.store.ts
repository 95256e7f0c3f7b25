import { createStore } from 'zustand/vanilla';

/** Spec §3/§4 notification: message, optional time, persist flag, id, dismiss. */
interface Notification {
  id: number;
  message: string;
  kind: 'info' | 'success' | 'error';
  /** Milliseconds until it disappears (default 4000). */
  time?: number;
  persist?: boolean;
}

const MAX_NOTIFICATIONS = 3;
const DEFAULT_NOTIFICATION_MS = 4000;

export interface NotificationsState {
  items: Notification[];
  notify(input: Omit<Notification, 'id'>): number;
  dismiss(id: number): void;
}

/**
 * At most 3 notifications (the oldest is dropped); each disappears after its
 * time unless persistent, or by hand.
 */
export function createNotificationsStore(timers: Pick<typeof globalThis, 'setTimeout' | 'clearTimeout'> = globalThis) {
  let nextId = 1;
  const pending = new Map<number, ReturnType<typeof setTimeout>>();
  return createStore<NotificationsState>()((set, get) => ({
    items: [],
    notify(input) {
      const id = nextId++;
      const items = [...get().items, { ...input, id }];
      for (const dropped of items.slice(0, Math.max(0, items.length - MAX_NOTIFICATIONS))) {
        timers.clearTimeout(pending.get(dropped.id));
        pending.delete(dropped.id);
      }
      set({ items: items.slice(-MAX_NOTIFICATIONS) });
      if (!input.persist) {
        pending.set(
          id,
          timers.setTimeout(() => get().dismiss(id), input.time ?? DEFAULT_NOTIFICATION_MS),
        );
      }
      return id;
    },
    dismiss(id) {
      timers.clearTimeout(pending.get(id));
      pending.delete(id);
      set({ items: get().items.filter((n) => n.id !== id) });
    },
  }));
}
