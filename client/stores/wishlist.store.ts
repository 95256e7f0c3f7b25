import { createStore } from 'zustand/vanilla';

/** Spec §3 wishlist item, kept in local storage under `wishlist`. */
export interface WishlistItem {
  sku: string;
  name: string;
  image: string;
  /** Minor units ("from" price). */
  price: number;
  id: string;
  slug: string;
}

export const WISHLIST_KEY = 'wishlist';
const MAX_ITEMS = 500;
const STRING_FIELDS = ['sku', 'name', 'image', 'id', 'slug'] as const;

/** Shape check of stored data (kept tiny: this runs on every page, zod would add ~10 KB gzip to the bundle). */
function isWishlist(value: unknown): value is WishlistItem[] {
  return (
    Array.isArray(value) &&
    value.length <= MAX_ITEMS &&
    value.every(
      (item) =>
        typeof item === 'object' &&
        item !== null &&
        STRING_FIELDS.every((k) => typeof (item as Record<string, unknown>)[k] === 'string') &&
        Number.isFinite((item as Record<string, unknown>).price),
    )
  );
}

export interface WishlistState {
  items: WishlistItem[];
  has(item: Pick<WishlistItem, 'id' | 'slug'>): boolean;
  toggle(item: WishlistItem): boolean;
  remove(item: Pick<WishlistItem, 'id' | 'slug'>): void;
  /** Re-reads storage (another tab changed it). */
  reload(): void;
  /** Switches to another storage (the browser's, after hydration) and reads it. */
  attach(storage: Storage): void;
}

const same = (a: Pick<WishlistItem, 'id' | 'slug'>, b: Pick<WishlistItem, 'id' | 'slug'>) => a.id === b.id && a.slug === b.slug;

/** Reads the stored list; anything corrupt is reset to empty, never a crash. */
function readWishlist(storage: Storage): WishlistItem[] {
  const raw = storage.getItem(WISHLIST_KEY);
  if (raw === null) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (isWishlist(parsed)) return parsed.map(({ sku, name, image, price, id, slug }) => ({ sku, name, image, price, id, slug }));
  } catch {}
  console.warn('Corrupt wishlist in local storage: reset');
  storage.removeItem(WISHLIST_KEY);
  return [];
}

/** Browser-only wishlist matched by slug and id (spec §3). */
export function createWishlistStore(initialStorage: Storage) {
  let storage = initialStorage;
  return createStore<WishlistState>()((set, get) => {
    const save = (items: WishlistItem[]) => {
      storage.setItem(WISHLIST_KEY, JSON.stringify(items));
      set({ items });
    };
    return {
      items: readWishlist(storage),
      has: (item) => get().items.some((i) => same(i, item)),
      toggle(item) {
        const present = get().has(item);
        save(present ? get().items.filter((i) => !same(i, item)) : [...get().items, item]);
        return !present;
      },
      remove(item) {
        save(get().items.filter((i) => !same(i, item)));
      },
      reload() {
        set({ items: readWishlist(storage) });
      },
      attach(next) {
        storage = next;
        set({ items: readWishlist(storage) });
      },
    };
  });
}

/** Cheapest "from" total of the wishlist (spec §2: a total 'from' price). */
export function wishlistTotal(items: readonly WishlistItem[]): number {
  return items.reduce((sum, i) => sum + i.price, 0);
}
