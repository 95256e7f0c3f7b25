/**
 * The shop's rules for an InPost shipment (decision 113), pure: the default size of an order's
 * parcel, the insurance, the receiver as ShipX takes it, and the Polish refusals.
 */
import { type ParcelSize, shipxPhone, type ShipxReceiver } from './shipx';

/**
 * The default gabaryt from the order's products: the shop's products (collars, leads, toys, bowls,
 * beds) carry no dimensions, so the count of items decides: up to 2 items A (8×38×64 cm), up to 6
 * B (19×38×64 cm), more C (41×38×64 cm); staff change it when a bed or a big sack needs C.
 */
export function defaultSize(quantities: number[]): ParcelSize {
    const items = quantities.reduce((a, b) => a + b, 0);
    if (items <= 2) return 'A';
    if (items <= 6) return 'B';
    return 'C';
}

/** Insurance of the parcel: the order's value in złoty (ShipX: at least 1). */
export function insuranceAmount(totalWithTax: number): number {
    return Math.max(1, Math.round(totalWithTax) / 100);
}

/** The receiver: the delivery address's name (else the customer's), e-mail and phone (9 digits when it is a Polish number). */
export function receiverOf(input: {
    fullName?: string | null;
    firstName?: string | null;
    lastName?: string | null;
    emailAddress: string;
    phone?: string | null;
}): ShipxReceiver {
    const full = (input.fullName ?? '').trim() || `${input.firstName ?? ''} ${input.lastName ?? ''}`.trim();
    const [first, ...rest] = full.split(/\s+/);
    const raw = (input.phone ?? '').trim();
    return {
        first_name: first || undefined,
        last_name: rest.join(' ') || undefined,
        name: full || undefined,
        email: input.emailAddress,
        // a number ShipX cannot take is sent as typed: ShipX's refusal names it (staff correct it in the order)
        phone: shipxPhone(raw) ?? raw.replace(/\s+/g, ''),
    };
}

export const NOT_CONFIGURED = 'Wysyłka przez InPost ShipX nie jest skonfigurowana (INPOST_SHIPX_URL) – wyślij zamówienie ręcznie.';
export const notLockerOrder = (code: string) =>
    `Zamówienie ${code} nie jest dostawą do Paczkomatu InPost – wyślij je ręcznie (przewoźnik i numer przesyłki).`;
export const noLocker = (code: string) => `Zamówienie ${code} nie ma wybranego Paczkomatu – nie można utworzyć przesyłki.`;
export const alreadyCreated = (code: string, number: string | null) =>
    `Przesyłka InPost dla zamówienia ${code} już istnieje${number ? ` (numer ${number})` : ''} – nie tworzę drugiej.`;
export const NO_ORDER = 'Nie ma takiego zamówienia.';
export const NO_SHIPMENT = 'To zamówienie nie ma przesyłki InPost.';
export const LABEL_NOT_READY = 'Etykieta będzie dostępna, gdy InPost potwierdzi przesyłkę (zwykle po kilku sekundach).';
export const notCancellable = (status: string) =>
    `Przesyłki w statusie „${status}” nie można już anulować – InPost ją potwierdził; anuluj ją w Managerze Paczek InPost.`;
