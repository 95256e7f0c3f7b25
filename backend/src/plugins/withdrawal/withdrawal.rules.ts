/**
 * Who may withdraw from what, as pure rules (issue 24; decision 063):
 * - Consumer Rights Directive 2011/83/EU art. 9 and the Polish Consumer Rights Act (ustawa o prawach
 *   konsumenta) art. 27–28: 14 days from taking possession of the goods;
 * - art. 38 pt 3 of that act: no right of withdrawal for goods made to the consumer's
 *   specification or clearly personalised: a line with a configurator design, a custom size or
 *   extras made to order is excluded, with the reason in plain Polish.
 */
export const WITHDRAWAL_DAYS = 14;
const DAY = 24 * 60 * 60 * 1000;

/** The order-line custom fields that make a line made to order (plugins/extras-pricing). */
export interface LineChoices {
    configurator?: string | null;
    customObwodSzyi?: number | null;
    customObwodKlatki?: number | null;
    dopasowanieRozmiaru?: string | null;
    podszycie?: string | null;
    kolorOkuc?: string | null;
    odblaski?: string | null;
    raczka?: string | null;
    dodatkowyMetr?: number | null;
}

/** Why a line is made to the shopper's specification (art. 38 pt 3), or null when it is not. */
export function personalisedReason(f: LineChoices | null | undefined): string | null {
    if (!f) return null;
    const what: string[] = [];
    if (f.configurator && f.configurator.trim() && f.configurator.trim() !== '{}') what.push('Twój projekt z Pro-Fit Studio');
    if ((f.customObwodSzyi ?? 0) > 0 || (f.customObwodKlatki ?? 0) > 0 || f.dopasowanieRozmiaru) what.push('wymiary na zamówienie');
    const extras = [
        f.podszycie && 'podszycie',
        f.kolorOkuc && f.kolorOkuc !== 'srebrny' && 'czarne okucia',
        f.odblaski && 'odblaski',
        f.raczka && 'dodatkowa rączka',
        (f.dodatkowyMetr ?? 0) > 0 && 'dodatkowa długość',
    ].filter(Boolean);
    if (extras.length) what.push(`dodatki wykonane na zamówienie (${extras.join(', ')})`);
    if (!what.length) return null;
    return `Produkt wykonany według Twojej specyfikacji (${what.join('; ')}) – od takiej umowy nie można odstąpić (art. 38 pkt 3 ustawy o prawach konsumenta).`;
}

/** Order states in which a placed order can be withdrawn from. */
export const WITHDRAWABLE_STATES = new Set([
    'PaymentAuthorized',
    'PaymentSettled',
    'PartiallyShipped',
    'Shipped',
    'PartiallyDelivered',
    'Delivered',
]);

/**
 * The last day of the period: 14 days after delivery. While no carrier reports delivery, the
 * delivery date is the fulfilment's move to Delivered in the backend; before that the period has
 * not started (null: the shopper may withdraw).
 */
export function withdrawalDeadline(deliveredAt: Date | null): Date | null {
    return deliveredAt ? new Date(deliveredAt.getTime() + WITHDRAWAL_DAYS * DAY) : null;
}

export function pastDeadline(deadline: Date | null, now = new Date()): boolean {
    return deadline !== null && now.getTime() > deadline.getTime();
}

/** Polish date and time of receipt as the acknowledgement states it ("24.11.2026, 14:05"). */
export function polishDateTime(d: Date): string {
    return new Intl.DateTimeFormat('pl-PL', {
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        timeZone: 'Europe/Warsaw',
    }).format(d);
}
