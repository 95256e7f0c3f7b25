/** Spec §9: delivery is free for a subtotal above 249 zł (the backend's shipping rule: `subTotalWithTax > 24900`). */
export const FREE_DELIVERY_ABOVE = 24900;

type FreeDelivery =
  | { free: true }
  | {
      free: false;
      /** Progress towards the threshold, 0–100, rounded (spec §4). */
      percent: number;
      /** Smallest amount (grosze) that makes delivery free: the subtotal must go *above* the threshold. */
      missing: number;
    };

/**
 * Free-delivery state of a cart subtotal (minor units, after discounts, as the
 * backend compares it).
 *
 * @example freeDelivery(20000) // { free: false, percent: 80, missing: 4901 }
 */
export function freeDelivery(subtotal: number, threshold = FREE_DELIVERY_ABOVE): FreeDelivery {
  if (subtotal > threshold) return { free: true };
  const safe = Math.max(0, subtotal);
  return { free: false, percent: Math.min(100, Math.round((safe / threshold) * 100)), missing: threshold - safe + 1 };
}
