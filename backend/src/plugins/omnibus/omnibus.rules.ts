/**
 * The Omnibus rule (Polish/EU): next to a reduced price show the lowest price of the 30 days before
 * the reduction.
 */
const DAY = 24 * 60 * 60 * 1000;
export const OMNIBUS_WINDOW_DAYS = 30;

export interface PricePoint {
    price: number;
    validFrom: Date;
}

/**
 * Lowest price of the 30 days before the current reduction, or null when the current price is not
 * a reduction (never changed, or the last change was a rise).
 * The current reduction starts when the price last dropped to its current value; the window covers
 * the 30 days before that moment, including the price that was in force at the window's start.
 */
export function lowestPriceBeforeReduction(history: PricePoint[], windowDays = OMNIBUS_WINDOW_DAYS): number | null {
    const rows = [...history].sort((a, b) => a.validFrom.getTime() - b.validFrom.getTime());
    if (rows.length < 2) return null;
    const current = rows[rows.length - 1].price;
    let i = rows.length - 1;
    while (i > 0 && rows[i - 1].price === current) i--;
    if (i === 0 || rows[i - 1].price <= current) return null;
    const reductionStart = rows[i].validFrom.getTime();
    const windowStart = reductionStart - windowDays * DAY;
    let lowest: number | null = null;
    for (let k = 0; k < i; k++) {
        const end = rows[k + 1].validFrom.getTime();
        if (end <= windowStart) continue; // ended before the window
        lowest = lowest === null ? rows[k].price : Math.min(lowest, rows[k].price);
    }
    return lowest;
}
