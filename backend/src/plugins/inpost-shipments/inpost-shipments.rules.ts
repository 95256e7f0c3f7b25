/**
 * The shop's rules for an InPost shipment (decision 113), pure: the default size of an order's
 * parcel, the insurance, the receiver as ShipX takes it, and the Polish refusals.
 */
import {
    COURIER_DIMENSIONS,
    COURIER_MAX_KG,
    type ParcelSize,
    type ShipxAddress,
    type ShipxParcel,
    shipxPhone,
    type ShipxReceiver,
} from './shipx';

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

/**
 * The courier's receiver address from the order's delivery address. ShipX wants the street and the
 * building number apart; a Polish address line carries both ("Psia 5/2", "Aleje Jerozolimskie 12A",
 * "3 Maja 7 m. 4"): the number is the last part starting with a digit, the second line (a flat)
 * joins it. What cannot be split is sent as typed (no number): ShipX's refusal names the field.
 */
export function courierAddress(input: {
    streetLine1?: string | null;
    streetLine2?: string | null;
    city?: string | null;
    postalCode?: string | null;
    countryCode?: string | null;
}): ShipxAddress {
    // bounded: an address line is at most 255 characters in Vendure
    const line = (input.streetLine1 ?? '').trim().replace(/\s+/g, ' ').slice(0, 255);
    const m = line.match(/^(.+?) (\d[\p{L}\d]*(?:(?: ?[/-] ?| m\.? ?| lok\.? ?)[\p{L}\d]+)?)$/u);
    const extra = (input.streetLine2 ?? '').trim().replace(/\s+/g, ' ').slice(0, 255);
    const building = m ? m[2]! : '';
    return {
        street: m ? m[1]! : line,
        building_number: [building, extra].filter(Boolean).join(' '),
        city: (input.city ?? '').trim(),
        post_code: (input.postalCode ?? '').trim(),
        country_code: (input.countryCode ?? 'PL').trim().toUpperCase(),
    };
}

/**
 * A courier parcel: the gabaryt's box and the estimated weight. The products carry no weight, so
 * half a kilogram per item (at least 1 kg, at most ShipX's 25 kg) stands in; InPost weighs again.
 */
export function courierParcel(size: ParcelSize, quantities: number[]): ShipxParcel {
    const items = quantities.reduce((a, b) => a + b, 0);
    return {
        dimensions: { ...COURIER_DIMENSIONS[size], unit: 'mm' },
        weight: { amount: Math.min(COURIER_MAX_KG, Math.max(1, Math.ceil(items / 2))), unit: 'kg' },
    };
}

export const NOT_CONFIGURED = 'Wysyłka przez InPost ShipX nie jest skonfigurowana (INPOST_SHIPX_URL) – wyślij zamówienie ręcznie.';
export const notInpostOrder = (code: string) =>
    `Zamówienie ${code} nie jest dostawą InPost (Paczkomat ani kurier) – wyślij je ręcznie (przewoźnik i numer przesyłki).`;
export const noStreetAddress = (code: string) =>
    `Zamówienie ${code} nie ma adresu dostawy dla kuriera (ulica, kod pocztowy, miejscowość) – nie można utworzyć przesyłki.`;
export const noLocker = (code: string) => `Zamówienie ${code} nie ma wybranego Paczkomatu – nie można utworzyć przesyłki.`;
export const alreadyCreated = (code: string, number: string | null) =>
    `Przesyłka InPost dla zamówienia ${code} już istnieje${number ? ` (numer ${number})` : ''} – nie tworzę drugiej.`;
export const NO_ORDER = 'Nie ma takiego zamówienia.';
export const NO_SHIPMENT = 'To zamówienie nie ma przesyłki InPost.';
export const LABEL_NOT_READY = 'Etykieta będzie dostępna, gdy InPost potwierdzi przesyłkę (zwykle po kilku sekundach).';
export const notCancellable = (status: string) =>
    `Przesyłki w statusie „${status}” nie można już anulować – InPost ją potwierdził; anuluj ją w Managerze Paczek InPost.`;
export const PICKUP_NOT_DISPATCH =
    'Kuriera po paczki zamawia się przy nadawaniu „dispatch_order” (INPOST_SENDING_METHOD); teraz paczki nadajesz w Paczkomacie.';
export const PICKUP_NO_ADDRESS =
    'Adres odbioru paczek nie jest ustawiony (INPOST_PICKUP_ADDRESS) – zamów kuriera w Managerze Paczek InPost.';
export const pickupCount = (max: number) => `Wybierz od 1 do ${max} zamówień (tyle paczek obejmuje jedno zamówienie kuriera).`;
export const pickupNotReady = (codes: string[]) =>
    `Kuriera można zamówić tylko po paczki potwierdzone przez InPost i jeszcze nienadane; nie spełniają tego: ${codes.join(', ')}.`;
export const pickupAlreadyOrdered = (codes: string[]) => `Kurier po te paczki jest już zamówiony: ${codes.join(', ')}.`;
