/**
 * InPost ShipX as the shop uses it (decision 113), shared by the plugin and the ShipX stand-in
 * (stand-ins/inpost-shipx.ts): the shipment and tracking shapes, the statuses and what each means for a
 * fulfilment, the sizes, the error shape and its Polish reading, and the REST client.
 *
 * ShipX (https://dokumentacja-inpost.atlassian.net/wiki/spaces/PL/pages/622754/API+ShipX):
 *   POST /v1/organizations/{org}/shipments                   → 201 the shipment, `status: created`
 *   GET  /v1/shipments/{id}                                  → the shipment (asynchronously `confirmed`
 *                                                              with its `tracking_number`)
 *   DELETE /v1/shipments/{id}                                → 204 (before it is confirmed)
 *   GET  /v1/shipments/{id}/label?format=Pdf&type=normal|A6  → application/pdf
 *   GET  /v1/organizations/{org}/shipments/labels?format=Pdf&type=…&shipment_ids[]=… → one PDF (≤ 100)
 *   GET  /v1/tracking/{tracking_number}                      → status and `tracking_details` with dates
 *   POST /v1/organizations/{org}/dispatch_orders             → 201 a dispatch order (the courier's pickup of
 *                                                              the given shipments at the given address)
 *   errors: { status, error, message?, details? }, `validation_failed` with `details` per field
 *   webhook (not signed): { event_ts, event: shipment_confirmed | shipment_status_changed,
 *     organization_id, payload: { shipment_id, status?, tracking_number } }
 */

/** The parcel lockers' sizes as the shop names them (gabaryt A/B/C) and ShipX's templates. */
export const PARCEL_SIZES = { A: 'small', B: 'medium', C: 'large' } as const;
export type ParcelSize = keyof typeof PARCEL_SIZES;
export const isParcelSize = (v: unknown): v is ParcelSize => v === 'A' || v === 'B' || v === 'C';

export const LOCKER_SERVICE = 'inpost_locker_standard';
/** InPost's courier to the receiver's street address (the shop's `kurier` method): no target_point, the address instead. */
export const COURIER_SERVICE = 'inpost_courier_standard';

/**
 * A courier parcel is described by its dimensions (mm) and weight (kg), not a locker template:
 * the shop sends the gabaryt's box (the same A/B/C staff choose) and the estimated weight.
 */
export const COURIER_DIMENSIONS: Record<ParcelSize, { length: number; width: number; height: number }> = {
    A: { length: 640, width: 380, height: 80 },
    B: { length: 640, width: 380, height: 190 },
    C: { length: 640, width: 380, height: 410 },
};
export const COURIER_MAX_KG = 25;
export const MAX_BULK_LABELS = 100;

/**
 * ShipX's statuses the shop acts on. `created` and `confirmed` (a label exists) are before InPost
 * has the parcel; from `dispatched_by_sender` (dropped at a locker) or `collected_from_sender`
 * (taken by the courier) on InPost has it: the fulfilment is Shipped; `delivered` (picked up from
 * the locker) is Delivered with InPost's date. `pickup_time_expired` (not collected in time, on
 * its way back or to a branch), `returned_to_sender` and the like keep it Shipped: the shopper did
 * not receive it, so the withdrawal period does not start; staff see the status on the order.
 */
export const BEFORE_INPOST = ['created', 'offers_prepared', 'offer_selected', 'confirmed'] as const;
export const SHIPPED_STATUSES = [
    'dispatched_by_sender',
    'collected_from_sender',
    'taken_by_courier',
    'adopted_at_source_branch',
    'sent_from_source_branch',
    'adopted_at_sorting_center',
    'sent_from_sorting_center',
    'adopted_at_target_branch',
    'out_for_delivery',
    'ready_to_pickup',
    'avizo',
    'stack_in_box_machine',
    'pickup_reminder_sent',
    'pickup_time_expired',
    'returned_to_sender',
    'undelivered',
] as const;
export const DELIVERED = 'delivered';
/** No further change expected: the poll stops asking. */
export const FINAL_STATUSES = new Set(['delivered', 'returned_to_sender', 'canceled']);
export const CANCELLABLE_STATUSES = new Set(['created', 'offers_prepared', 'offer_selected']);
export const KNOWN_STATUSES = new Set<string>([...BEFORE_INPOST, ...SHIPPED_STATUSES, DELIVERED, 'canceled']);

/** What the order page says of a ShipX status. */
export const STATUS_LABELS: Record<string, string> = {
    pending: 'Tworzenie przesyłki w InPost',
    created: 'Utworzona, czeka na potwierdzenie InPost',
    offers_prepared: 'Utworzona, czeka na potwierdzenie InPost',
    offer_selected: 'Utworzona, czeka na potwierdzenie InPost',
    confirmed: 'Potwierdzona – etykieta gotowa do druku',
    dispatched_by_sender: 'Nadana w Paczkomacie',
    collected_from_sender: 'Odebrana przez kuriera',
    taken_by_courier: 'Odebrana przez kuriera',
    adopted_at_source_branch: 'W oddziale InPost',
    sent_from_source_branch: 'W drodze',
    adopted_at_sorting_center: 'W sortowni',
    sent_from_sorting_center: 'W drodze',
    adopted_at_target_branch: 'W oddziale docelowym',
    out_for_delivery: 'Wydana do doręczenia',
    ready_to_pickup: 'Czeka na odbiór w Paczkomacie',
    avizo: 'Awizowana',
    stack_in_box_machine: 'W Paczkomacie tymczasowym',
    pickup_reminder_sent: 'Przypomnienie o odbiorze wysłane',
    pickup_time_expired: 'Nieodebrana w terminie',
    returned_to_sender: 'Zwrócona do nadawcy',
    undelivered: 'Niedoręczona',
    delivered: 'Odebrana przez klienta',
    canceled: 'Anulowana',
};
export const statusLabel = (status: string) => STATUS_LABELS[status] ?? `Status InPost: ${status}`;

/** ShipX's address of a peer (the courier's receiver). */
export interface ShipxAddress {
    street: string;
    building_number: string;
    city: string;
    post_code: string;
    country_code: string;
}

export interface ShipxReceiver {
    first_name?: string;
    last_name?: string;
    name?: string;
    email: string;
    phone: string;
    /** the courier's delivery address (inpost_courier_standard); a locker shipment has none */
    address?: ShipxAddress;
}

/** A parcel: a locker template (A/B/C), or for the courier its dimensions and weight. */
export interface ShipxParcel {
    template?: string;
    dimensions?: { length: number; width: number; height: number; unit: 'mm' };
    weight?: { amount: number; unit: 'kg' };
}

export interface ShipxShipmentRequest {
    service: string;
    reference: string;
    receiver: ShipxReceiver;
    parcels: ShipxParcel[];
    insurance?: { amount: number; currency: 'PLN' };
    custom_attributes: { target_point?: string; sending_method: string };
}

export interface ShipxShipment {
    href: string;
    id: number;
    status: string;
    tracking_number: string | null;
    service: string;
    reference: string | null;
    receiver: ShipxReceiver;
    parcels: Array<ShipxParcel & { id: number; tracking_number: string | null }>;
    custom_attributes: { target_point?: string; sending_method?: string };
    insurance: { amount: number; currency: string } | null;
    created_at: string;
    updated_at: string;
}

export interface ShipxTracking {
    tracking_number: string;
    service: string;
    status: string;
    custom_attributes: { target_machine_id?: string };
    tracking_details: Array<{ status: string; origin_status: string; agency: string | null; datetime: string }>;
    created_at: string;
    updated_at: string;
}

/** ShipX's dispatch order: InPost's courier collects these shipments at this address (sending_method dispatch_order). */
export interface ShipxDispatchOrderRequest {
    /** the shipments' ids */
    shipments: string[];
    address: ShipxAddress;
    comment?: string;
}

export interface ShipxDispatchOrder {
    href: string;
    id: number;
    /** new (not yet passed on), sent (passed to the courier), … */
    status: string;
    address: ShipxAddress;
    shipments: Array<{ href: string; id: number; tracking_number: string | null }>;
    created_at: string;
    updated_at: string;
}

/** At most this many shipments in one dispatch order (the shop's bulk limit, as for labels). */
export const MAX_DISPATCH_SHIPMENTS = 100;

export interface ShipxErrorBody {
    status: number;
    error: string;
    message?: string;
    description?: string;
    details?: Record<string, unknown>;
}

export interface ShipxWebhook {
    event_ts: string;
    event: string;
    organization_id: number;
    payload: { shipment_id: number; status?: string; tracking_number?: string | null };
}

/** ShipX's reasons per field, in Polish (what staff read on the order page, ShipX's code after it). */
const FIELD_NAMES: Record<string, string> = {
    target_point: 'Paczkomat docelowy',
    phone: 'Telefon odbiorcy',
    email: 'E-mail odbiorcy',
    first_name: 'Imię odbiorcy',
    last_name: 'Nazwisko odbiorcy',
    name: 'Odbiorca',
    receiver: 'Odbiorca',
    parcels: 'Paczka',
    template: 'Gabaryt paczki',
    insurance: 'Ubezpieczenie',
    amount: 'Kwota ubezpieczenia',
    reference: 'Numer referencyjny',
    service: 'Usługa',
    sending_method: 'Sposób nadania',
    custom_attributes: 'Dane przesyłki',
    shipments: 'Przesyłki',
    address: 'Adres odbiorcy',
    street: 'Ulica odbiorcy',
    building_number: 'Numer budynku odbiorcy',
    city: 'Miejscowość odbiorcy',
    post_code: 'Kod pocztowy odbiorcy',
    country_code: 'Kraj odbiorcy',
    dimensions: 'Wymiary paczki',
    weight: 'Waga paczki',
};
const REASONS: Record<string, string> = {
    does_not_exist: 'nie istnieje (sprawdź, czy Paczkomat nie został wyłączony)',
    invalid: 'ma niepoprawny format',
    required: 'jest wymagany',
    too_short: 'jest za krótki',
    too_long: 'jest za długi',
    invalid_format: 'ma niepoprawny format',
    not_available: 'jest niedostępny',
    no_contract: 'nie jest objęta umową organizacji z InPost',
    invalid_value: 'ma niedozwoloną wartość',
    not_supported: 'nie jest obsługiwany',
    invalid_status: 'mają status, w którym nie można tego zrobić',
};

/** Flattens ShipX's `details` ({receiver: [{phone: ['invalid']}]}, {service: ['no_contract']}) to path → codes. */
export function detailEntries(details: unknown, path: string[] = []): Array<{ field: string; codes: string[] }> {
    if (details === null || details === undefined) return [];
    if (Array.isArray(details)) {
        if (details.every(d => typeof d === 'string')) return [{ field: path[path.length - 1] ?? '', codes: details as string[] }];
        return details.flatMap(d => detailEntries(d, path));
    }
    if (typeof details === 'object')
        return Object.entries(details as Record<string, unknown>).flatMap(([k, v]) => detailEntries(v, [...path, k]));
    if (typeof details === 'string') return [{ field: path[path.length - 1] ?? '', codes: [details] }];
    return [];
}

/** A ShipX refusal as staff read it: Polish first, ShipX's own codes in brackets (what its support asks for). */
export function polishShipxError(status: number, body: Partial<ShipxErrorBody> | null): string {
    const code = body?.error ?? `http_${status}`;
    if (code === 'validation_failed') {
        const parts = detailEntries(body?.details).map(({ field, codes }) => {
            const name = FIELD_NAMES[field] ?? field;
            return `${name}: ${codes.map(c => REASONS[c] ?? c).join(', ')} (${field}: ${codes.join(', ')})`;
        });
        return `InPost odrzucił przesyłkę – ${parts.length ? parts.join('; ') : 'błędne dane'}.`;
    }
    if (status === 401 || code === 'unauthorized' || code === 'token_invalid')
        return `InPost nie przyjął tokenu API (${code}) – sprawdź INPOST_API_TOKEN.`;
    if (status === 403 || code === 'access_forbidden')
        return `InPost odmówił dostępu do organizacji (${code}) – sprawdź INPOST_ORGANIZATION_ID.`;
    if (status === 404) return `InPost nie zna tej przesyłki (${code}).`;
    const said = body?.message ?? body?.description;
    return `InPost odpowiedział błędem ${status} (${code}${said ? `: ${said}` : ''}).`;
}

export class ShipxError extends Error {
    constructor(
        readonly status: number,
        readonly body: Partial<ShipxErrorBody> | null,
    ) {
        super(polishShipxError(status, body));
    }
}

/** ShipX unreachable or answering nonsense: the shop changes nothing and says so. */
export class ShipxUnavailable extends Error {}

const TIMEOUT_MS = 15_000;

/** ShipX's REST API for one organisation (Bearer token). */
export class ShipxClient {
    constructor(
        private baseUrl: () => string,
        private organizationId: number,
        private token: string,
    ) {}

    createShipment(body: ShipxShipmentRequest): Promise<ShipxShipment> {
        return this.json('POST', `/v1/organizations/${this.organizationId}/shipments`, body);
    }

    /**
     * The organisation's shipments with this `reference` (ShipX's list filter; the match is checked
     * here again): how a create whose answer was lost is found (issue 43).
     */
    async shipmentsByReference(reference: string): Promise<ShipxShipment[]> {
        const list = await this.json<{ items?: ShipxShipment[] }>(
            'GET',
            `/v1/organizations/${this.organizationId}/shipments?reference=${encodeURIComponent(reference)}`,
        );
        return (list.items ?? []).filter(s => s.reference === reference);
    }

    createDispatchOrder(body: ShipxDispatchOrderRequest): Promise<ShipxDispatchOrder> {
        return this.json('POST', `/v1/organizations/${this.organizationId}/dispatch_orders`, body);
    }

    shipment(id: number): Promise<ShipxShipment> {
        return this.json('GET', `/v1/shipments/${id}`);
    }

    async cancel(id: number): Promise<void> {
        await this.request('DELETE', `/v1/shipments/${id}`);
    }

    tracking(number: string): Promise<ShipxTracking> {
        return this.json('GET', `/v1/tracking/${encodeURIComponent(number)}`);
    }

    async label(id: number, type: 'normal' | 'A6'): Promise<Buffer> {
        const res = await this.request('GET', `/v1/shipments/${id}/label?format=Pdf&type=${type}`);
        return Buffer.from(await res.arrayBuffer());
    }

    async labels(ids: number[], type: 'normal' | 'A6'): Promise<Buffer> {
        const query = ids.map(id => `shipment_ids[]=${id}`).join('&');
        const res = await this.request('GET', `/v1/organizations/${this.organizationId}/shipments/labels?format=Pdf&type=${type}&${query}`);
        return Buffer.from(await res.arrayBuffer());
    }

    private async json<T>(method: string, path: string, body?: unknown): Promise<T> {
        const res = await this.request(method, path, body);
        try {
            return (await res.json()) as T;
        } catch {
            throw new ShipxUnavailable(`InPost ShipX answered ${method} ${path} with something that is not JSON.`);
        }
    }

    private async request(method: string, path: string, body?: unknown): Promise<Response> {
        let res: Response;
        try {
            res = await fetch(this.baseUrl() + path, {
                method,
                headers: {
                    authorization: `Bearer ${this.token}`,
                    accept: 'application/json',
                    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
                },
                body: body === undefined ? undefined : JSON.stringify(body),
                signal: AbortSignal.timeout(TIMEOUT_MS),
            });
        } catch (e) {
            throw new ShipxUnavailable(`InPost ShipX nie odpowiada (${(e as Error).message}). Spróbuj za chwilę.`);
        }
        if (res.ok) return res;
        let parsed: Partial<ShipxErrorBody> | null = null;
        try {
            parsed = (await res.json()) as Partial<ShipxErrorBody>;
        } catch {
            parsed = null;
        }
        if (res.status >= 500) throw new ShipxUnavailable(`InPost ShipX ma awarię (HTTP ${res.status}). Spróbuj za chwilę.`);
        throw new ShipxError(res.status, parsed);
    }
}

/** A Polish mobile number as ShipX takes it: 9 digits, no +48 and no spaces; null when it is not one. */
export function shipxPhone(raw: string | null | undefined): string | null {
    const digits = (raw ?? '').replace(/[\s()-]/g, '').replace(/^(\+48|0048)/, '');
    return /^\d{9}$/.test(digits) ? digits : null;
}
