/**
 * InPost ShipX shipments (issue 41; decision 113) against the real backend and the ShipX stand-in:
 * staff create a paid locker order's shipment, ShipX confirms it and its number lands on a
 * fulfilment by itself, the stand-in's status webhooks (and the poll, when a webhook is missed)
 * move it to Shipped and Delivered with InPost's date; each refusal in Polish with ShipX's reason;
 * hostile webhooks change nothing; labels as PDFs; several orders at once; cancel before confirmed.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { type GqlSession } from '../src/dev/graphql-client';
import { addItemOk, adminSession, backendUrl, blogUrl, getJson, inpostSettings, mailboxUrl, shop, variantBySku } from './helpers';

const SHIPMENT = `id orderId orderCode shipmentId status statusLabel trackingNumber size targetPoint fulfillmentId labelPath dispatchOrderId cancellable`;
interface Shipment {
    id: string;
    orderId: string;
    orderCode: string;
    shipmentId: string | null;
    status: string;
    statusLabel: string;
    trackingNumber: string | null;
    size: string;
    targetPoint: string;
    fulfillmentId: string | null;
    labelPath: string | null;
    dispatchOrderId: string | null;
    cancellable: boolean;
}
interface Result {
    shipment: Shipment | null;
    error: string | null;
}
interface Fulfilment {
    id: string;
    state: string;
    method: string;
    trackingCode: string;
    shippedAt: string | null;
    deliveredAt: string | null;
}

const standIn = (path: string) => `${blogUrl()}/inpost${path}`;
const webhookUrl = (secret = inpostSettings().webhookSecret) => `${backendUrl()}/inpost/webhook/${secret}`;
const sleep = (ms: number) => new Promise(r => setTimeout(r, ms));

async function control<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(standIn(path), {
        method,
        headers: { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(res.status, `${method} ${path}`).toBe(200);
    return (await res.json()) as T;
}

let admin: GqlSession;
async function staff(): Promise<GqlSession> {
    admin ??= await adminSession();
    return admin;
}

/**
 * A guest order of `quantity` of one product to a locker (or by courier to the street address),
 * paid by transfer; settled unless `paid` is false.
 */
async function placeOrder(
    options: { quantity?: number; phone?: string; locker?: string; paid?: boolean; courier?: boolean; postalCode?: string } = {},
): Promise<{ id: string; code: string; email: string; totalWithTax: number }> {
    const shopper = shop();
    const email = `inpost-${Math.random().toString(36).slice(2, 9)}@psiaki.test`;
    await addItemOk(shopper, (await variantBySku(shopper, 'PS-056')).id, options.quantity ?? 2);
    await shopper.query(`mutation($i: CreateCustomerInput!) { setCustomerForOrder(input: $i) { __typename } }`, {
        i: { emailAddress: email, firstName: 'Ewa', lastName: 'Kot', phoneNumber: options.phone ?? '+48 600 700 800' },
    });
    await shopper.query(`mutation($i: CreateAddressInput!) { setOrderShippingAddress(input: $i) { __typename } }`, {
        i: {
            fullName: 'Ewa Kot',
            streetLine1: 'Psia 5/2',
            city: 'Kraków',
            postalCode: options.postalCode ?? '30-001',
            countryCode: 'PL',
            phoneNumber: options.phone ?? '+48 600 700 800',
            customFields: { paczkomat: options.courier ? null : (options.locker ?? 'KRA01M') },
        },
    });
    const methods = await shopper.query<{ eligibleShippingMethods: Array<{ id: string; code: string }> }>(
        `{ eligibleShippingMethods { id code } }`,
    );
    const locker = methods.eligibleShippingMethods.find(m => m.code === (options.courier ? 'kurier' : 'inpost-paczkomat'))!;
    await shopper.query(`mutation($id: [ID!]!) { setOrderShippingMethod(shippingMethodId: $id) { __typename } }`, { id: [locker.id] });
    await shopper.query(`mutation { transitionOrderToState(state: "ArrangingPayment") { __typename } }`);
    const placed = await shopper.query<{ addPaymentToOrder: { id: string; code: string; state: string; totalWithTax: number } }>(
        `mutation { addPaymentToOrder(input: { method: "przelew", metadata: {} }) { ... on Order { id code state totalWithTax } } }`,
    );
    const order = placed.addPaymentToOrder;
    expect(order.state).toBe('PaymentAuthorized');
    if (options.paid !== false) {
        const a = await staff();
        const o = await a.query<{ order: { payments: Array<{ id: string }> } }>(`query($id: ID!) { order(id: $id) { payments { id } } }`, {
            id: order.id,
        });
        await a.query(`mutation($id: ID!) { settlePayment(id: $id) { ... on Payment { state } } }`, { id: o.order.payments[0]!.id });
    }
    return { id: order.id, code: order.code, email, totalWithTax: order.totalWithTax };
}

async function create(orderId: string, size?: string): Promise<Result> {
    const r = await (
        await staff()
    ).query<{ createInpostShipment: Result }>(
        `mutation($id: ID!, $size: InpostParcelSize) { createInpostShipment(orderId: $id, size: $size) { shipment { ${SHIPMENT} } error } }`,
        { id: orderId, size },
    );
    return r.createInpostShipment;
}

async function shipmentOf(orderId: string): Promise<Shipment | null> {
    const r = await (
        await staff()
    ).query<{ inpostShipment: Shipment | null }>(`query($id: ID!) { inpostShipment(orderId: $id) { ${SHIPMENT} } }`, {
        id: orderId,
    });
    return r.inpostShipment;
}

/** Re-reads (through the Admin API, which asks ShipX) until `done` holds; up to 10 s. */
async function waitFor(orderId: string, done: (s: Shipment) => boolean): Promise<Shipment> {
    let last: Shipment | null = null;
    for (let i = 0; i < 100; i++) {
        last = await shipmentOf(orderId);
        if (last && done(last)) return last;
        await sleep(100);
    }
    throw new Error(`shipment of ${orderId} never got there: ${JSON.stringify(last)}`);
}

async function fulfilmentsOf(orderId: string): Promise<{ state: string; fulfillments: Fulfilment[] }> {
    const r = await (
        await staff()
    ).query<{ order: { state: string; fulfillments: Fulfilment[] } }>(
        `query($id: ID!) { order(id: $id) { state fulfillments { id state method trackingCode shippedAt deliveredAt } } }`,
        { id: orderId },
    );
    return r.order;
}

/** Waits (up to 10 s) for the order's fulfilment to reach `state` without asking ShipX through the Admin API. */
async function fulfilmentIn(orderId: string, state: string): Promise<Fulfilment> {
    for (let i = 0; i < 100; i++) {
        const f = (await fulfilmentsOf(orderId)).fulfillments[0];
        if (f?.state === state) return f;
        await sleep(100);
    }
    throw new Error(`fulfilment of ${orderId} never reached ${state}: ${JSON.stringify(await fulfilmentsOf(orderId))}`);
}

async function post(url: string, body: string | Buffer, headers: Record<string, string> = { 'content-type': 'application/json' }) {
    const res = await fetch(url, { method: 'POST', headers, body });
    return { status: res.status, body: (await res.json().catch(() => null)) as { ok: boolean; reason?: string; status?: string } | null };
}

const webhookBody = (shipmentId: number, status: string, organizationId = inpostSettings().organizationId) =>
    JSON.stringify({
        event_ts: '2026-11-26 10:00:00 +0100',
        event: 'shipment_status_changed',
        organization_id: organizationId,
        payload: { shipment_id: shipmentId, status, tracking_number: null },
    });

afterAll(async () => {
    await fetch(standIn('/test/contracts'), {
        method: 'PUT',
        body: JSON.stringify({ services: ['inpost_locker_standard', 'inpost_courier_standard'] }),
    });
    await fetch(standIn('/test/confirm-delay'), { method: 'PUT', body: JSON.stringify({ ms: 300 }) });
});

describe('InPost ShipX shipments', () => {
    it('creates the locker shipment of a paid order, and ShipX’s number lands on a fulfilment by itself', async () => {
        const order = await placeOrder();
        const r = await create(order.id);
        expect(r.error).toBeNull();
        expect(r.shipment).toMatchObject({
            orderCode: order.code,
            status: 'created',
            size: 'A',
            targetPoint: 'KRA01M',
            trackingNumber: null,
            labelPath: null,
        });

        // what ShipX received: the locker, the receiver, the reference and the insurance of the order
        const sent = await control<{ shipment: Record<string, any> }>('GET', `/test/shipments/${r.shipment!.shipmentId}`);
        expect(sent.shipment).toMatchObject({
            service: 'inpost_locker_standard',
            reference: order.code,
            receiver: { first_name: 'Ewa', last_name: 'Kot', email: order.email, phone: '600700800' },
            parcels: [expect.objectContaining({ template: 'small' })],
            custom_attributes: { target_point: 'KRA01M', sending_method: 'dispatch_order' },
            insurance: { amount: order.totalWithTax / 100, currency: 'PLN' },
        });

        const confirmed = await waitFor(order.id, s => s.fulfillmentId !== null);
        expect(confirmed.status).toBe('confirmed');
        expect(confirmed.statusLabel).toBe('Potwierdzona – etykieta gotowa do druku');
        expect(confirmed.trackingNumber).toMatch(/^\d{24}$/);
        expect(confirmed.labelPath).toBe(`/inpost/label/${order.id}`);
        const { fulfillments } = await fulfilmentsOf(order.id);
        expect(fulfillments).toEqual([
            expect.objectContaining({
                id: confirmed.fulfillmentId,
                state: 'Pending',
                method: 'InPost Paczkomat',
                trackingCode: confirmed.trackingNumber,
            }),
        ]);
    });

    it('refuses a second shipment for the same order, also two requests at once', async () => {
        const order = await placeOrder();
        const [a, b] = await Promise.all([create(order.id), create(order.id)]);
        const results = [a, b];
        expect(results.filter(x => x.shipment).length).toBe(1);
        expect(results.find(x => x.error)!.error).toMatch(new RegExp(`^Przesyłka InPost dla zamówienia ${order.code} już istnieje`));
        const again = await create(order.id);
        expect(again.shipment).toBeNull();
        expect(again.error).toContain('już istnieje');
    });

    it('refuses an unpaid order, and takes the size staff choose', async () => {
        const unpaid = await placeOrder({ paid: false });
        expect(await create(unpaid.id)).toEqual({
            shipment: null,
            error: `Zamówienie ${unpaid.code} nie jest jeszcze opłacone – wyślij je, gdy płatność zostanie zaksięgowana.`,
        });
        expect(await shipmentOf(unpaid.id)).toBeNull();
        // 7 items: C by default; staff choose B
        const big = await placeOrder({ quantity: 7 });
        const d = await (
            await staff()
        ).query<{ inpostDefaultParcelSize: string }>(`query($id: ID!) { inpostDefaultParcelSize(orderId: $id) }`, { id: big.id });
        expect(d.inpostDefaultParcelSize).toBe('C');
        const r = await create(big.id, 'B');
        expect(r.shipment?.size).toBe('B');
        const sent = await control<{ shipment: { parcels: Array<{ template: string }> } }>(
            'GET',
            `/test/shipments/${r.shipment!.shipmentId}`,
        );
        expect(sent.shipment.parcels[0]!.template).toBe('medium');
    });

    it('tells ShipX’s validation errors in Polish with ShipX’s reason, and the order may be tried again', async () => {
        const gone = await placeOrder({ locker: 'ZZZ99M' });
        const r1 = await create(gone.id);
        expect(r1.shipment).toBeNull();
        expect(r1.error).toBe(
            'InPost odrzucił przesyłkę – Paczkomat docelowy: nie istnieje (sprawdź, czy Paczkomat nie został wyłączony) (target_point: does_not_exist).',
        );
        expect(await shipmentOf(gone.id)).toBeNull();

        const phone = await placeOrder({ phone: '+48 600 700 80' });
        const r2 = await create(phone.id);
        expect(r2.error).toBe('InPost odrzucił przesyłkę – Telefon odbiorcy: ma niepoprawny format (phone: invalid).');

        await control('PUT', '/test/contracts', { services: ['inpost_courier_standard'] });
        const noContract = await placeOrder();
        const r3 = await create(noContract.id);
        expect(r3.error).toBe('InPost odrzucił przesyłkę – Usługa: nie jest objęta umową organizacji z InPost (service: no_contract).');
        await control('PUT', '/test/contracts', { services: ['inpost_locker_standard', 'inpost_courier_standard'] });
        // the refusal left nothing behind: the same order goes through now
        expect((await create(noContract.id)).shipment?.status).toBe('created');
    });

    it('a courier order: InPost’s courier to the street address, its number on a “Kurier InPost” fulfilment', async () => {
        const order = await placeOrder({ courier: true, quantity: 3 });
        const r = await create(order.id);
        expect(r.error).toBeNull();
        expect(r.shipment).toMatchObject({ orderCode: order.code, status: 'created', size: 'B', targetPoint: '' });

        // what ShipX received: the courier service, the street address split as ShipX wants it, no locker
        const sent = await control<{ shipment: Record<string, any> }>('GET', `/test/shipments/${r.shipment!.shipmentId}`);
        expect(sent.shipment).toMatchObject({
            service: 'inpost_courier_standard',
            reference: order.code,
            receiver: {
                first_name: 'Ewa',
                last_name: 'Kot',
                email: order.email,
                phone: '600700800',
                address: { street: 'Psia', building_number: '5/2', city: 'Kraków', post_code: '30-001', country_code: 'PL' },
            },
            parcels: [
                expect.objectContaining({
                    dimensions: { length: 640, width: 380, height: 190, unit: 'mm' },
                    weight: { amount: 2, unit: 'kg' },
                }),
            ],
            custom_attributes: { sending_method: 'dispatch_order' },
            insurance: { amount: order.totalWithTax / 100, currency: 'PLN' },
        });
        expect(sent.shipment.custom_attributes.target_point).toBeUndefined();

        const confirmed = await waitFor(order.id, s => s.fulfillmentId !== null);
        expect(confirmed.trackingNumber).toMatch(/^\d{24}$/);
        const { fulfillments } = await fulfilmentsOf(order.id);
        expect(fulfillments).toEqual([
            expect.objectContaining({ state: 'Pending', method: 'Kurier InPost', trackingCode: confirmed.trackingNumber }),
        ]);
        // the label names the courier and the address
        const label = await (
            await staff()
        ).query<{ inpostLabel: { pdfBase64: string | null; error: string | null } }>(
            `query($id: ID!) { inpostLabel(orderId: $id, type: "A6") { pdfBase64 error } }`,
            { id: order.id },
        );
        expect(label.inpostLabel.error).toBeNull();
        const pdf = Buffer.from(label.inpostLabel.pdfBase64!, 'base64').toString('latin1');
        expect(pdf.startsWith('%PDF-')).toBe(true);
        expect(pdf).toContain('(Kurier InPost 30-001 Krakow)');
        expect(pdf).toContain('(Adres: Psia 5/2)');

        // the shopper's tracking link goes to InPost
        const taken = await control<{ webhook: { status: number } }>('POST', `/test/shipments/${r.shipment!.shipmentId}/status`, {
            status: 'taken_by_courier',
        });
        expect(taken.webhook.status).toBe(200);
        await fulfilmentIn(order.id, 'Shipped');
    });

    it('a courier order with a post code ShipX refuses: its reason in Polish, nothing left behind', async () => {
        const order = await placeOrder({ courier: true, postalCode: '300-01' });
        const r = await create(order.id);
        expect(r).toEqual({
            shipment: null,
            error: 'InPost odrzucił przesyłkę – Kod pocztowy odbiorcy: ma niepoprawny format (post_code: invalid).',
        });
        expect(await shipmentOf(order.id)).toBeNull();
        expect((await fulfilmentsOf(order.id)).fulfillments).toEqual([]);
    });

    it('follows the webhooks: taken by the courier → Shipped with the notice, delivered → Delivered with InPost’s date', async () => {
        const order = await placeOrder();
        const created = await create(order.id);
        const confirmed = await waitFor(order.id, s => s.fulfillmentId !== null);
        const id = Number(created.shipment!.shipmentId);

        const taken = await control<{ webhook: { status: number; body: string } }>('POST', `/test/shipments/${id}/status`, {
            status: 'taken_by_courier',
        });
        expect(taken.webhook.status).toBe(200);
        expect(JSON.parse(taken.webhook.body)).toEqual({ ok: true, status: 'taken_by_courier', fulfilment: 'Shipped' });
        const shipped = await fulfilmentIn(order.id, 'Shipped');
        expect(shipped.shippedAt).not.toBeNull();
        expect((await fulfilmentsOf(order.id)).state).toBe('Shipped');
        let mail: { type: string; orderCode?: string; trackingUrl?: string } | undefined;
        for (let i = 0; i < 100 && !mail; i++) {
            mail = (await getJson<Array<{ type: string; orderCode?: string; trackingUrl?: string }>>(mailboxUrl(order.email))).find(
                m => m.type === 'order-shipped',
            );
            if (!mail) await sleep(100);
        }
        expect(mail).toMatchObject({
            orderCode: order.code,
            trackingUrl: `https://inpost.pl/sledzenie-przesylek?number=${confirmed.trackingNumber}`,
        });

        // picked up two hours ago (InPost's scan), the webhook arrives now
        const pickedUp = new Date(Date.now() - 2 * 3600_000);
        pickedUp.setMilliseconds(0);
        const delivered = await control<{ webhook: { status: number; body: string } }>('POST', `/test/shipments/${id}/status`, {
            status: 'delivered',
            datetime: pickedUp.toISOString(),
        });
        expect(JSON.parse(delivered.webhook.body)).toMatchObject({ ok: true, status: 'delivered', fulfilment: 'Delivered' });
        const f = await fulfilmentIn(order.id, 'Delivered');
        expect(new Date(f.deliveredAt!).getTime()).toBe(pickedUp.getTime());
        expect((await fulfilmentsOf(order.id)).state).toBe('Delivered');
        // the withdrawal period counts from InPost's date (decision 063)
        const w = await shop().query<{ withdrawalOrder: { deliveredAt: string } | null }>(
            `query($c: String!, $e: String!) { withdrawalOrder(code: $c, emailAddress: $e) { deliveredAt } }`,
            { c: order.code, e: order.email },
        );
        expect(new Date(w.withdrawalOrder!.deliveredAt).getTime()).toBe(pickedUp.getTime());

        // the same webhook again (InPost repeats): nothing changes
        const replay = await post(webhookUrl(), webhookBody(id, 'delivered'));
        expect(replay).toEqual({ status: 200, body: { ok: true, status: 'delivered', fulfilment: 'Delivered' } });
        expect((await fulfilmentsOf(order.id)).fulfillments).toEqual([
            expect.objectContaining({ state: 'Delivered', deliveredAt: f.deliveredAt }),
        ]);
    });

    it('a missed webhook: the poll reads ShipX by itself', async () => {
        const order = await placeOrder();
        const created = await create(order.id);
        await waitFor(order.id, s => s.fulfillmentId !== null);
        // no webhook reaches the shop (notify: false), and nobody opens the order
        await control('POST', `/test/shipments/${created.shipment!.shipmentId}/status`, { status: 'collected_from_sender', notify: false });
        await fulfilmentIn(order.id, 'Shipped');
    });

    it('hostile webhooks: a forged status, a wrong secret, an unknown shipment, another organisation, oversized, not JSON', async () => {
        const order = await placeOrder();
        const created = await create(order.id);
        await waitFor(order.id, s => s.fulfillmentId !== null);
        const id = Number(created.shipment!.shipmentId);

        // 'delivered' claimed for a real shipment ShipX still has as confirmed: re-read, nothing changes
        const forged = await post(webhookUrl(), webhookBody(id, 'delivered'));
        expect(forged).toEqual({ status: 200, body: { ok: true, status: 'confirmed', fulfilment: 'Pending' } });
        expect((await fulfilmentsOf(order.id)).fulfillments[0]!.state).toBe('Pending');

        expect(await post(webhookUrl('x'.repeat(40)), webhookBody(id, 'delivered'))).toEqual({
            status: 404,
            body: { ok: false, reason: 'not found' },
        });
        expect((await fetch(webhookUrl('wrong'), { method: 'GET' })).status).toBe(404);
        // the parcel manager's check of the address: GET answers 200
        expect((await fetch(webhookUrl(), { method: 'GET' })).status).toBe(200);
        expect(await post(webhookUrl(), webhookBody(999_999_999, 'delivered'))).toEqual({
            status: 404,
            body: { ok: false, reason: 'unknown shipment' },
        });
        expect(await post(webhookUrl(), webhookBody(id, 'delivered', 1))).toEqual({
            status: 400,
            body: { ok: false, reason: 'wrong organization_id' },
        });
        const big = JSON.stringify({ event: 'shipment_status_changed', pad: 'x'.repeat(20_000) });
        expect((await post(webhookUrl(), big)).status).toBe(413);
        expect(await post(webhookUrl(), '{not json')).toEqual({ status: 400, body: { ok: false, reason: 'body is not JSON' } });
        expect(
            (
                await post(
                    webhookUrl(),
                    JSON.stringify({
                        event: 'shipment_status_changed',
                        organization_id: inpostSettings().organizationId,
                        payload: { shipment_id: 'DROP TABLE' },
                    }),
                )
            ).status,
        ).toBe(400);
        expect((await fulfilmentsOf(order.id)).fulfillments[0]!.state).toBe('Pending');
    });

    it('labels: one order’s PDF for staff only, several orders in one PDF, none before ShipX confirmed', async () => {
        await control('PUT', '/test/confirm-delay', { ms: 60_000 });
        const waiting = await placeOrder();
        await create(waiting.id);
        await control('PUT', '/test/confirm-delay', { ms: 300 });
        const a = await placeOrder();
        const b = await placeOrder();
        await create(a.id);
        await create(b.id);
        await waitFor(a.id, s => s.fulfillmentId !== null);
        await waitFor(b.id, s => s.fulfillmentId !== null);
        const token = (await staff()).token!;
        const auth = { authorization: `Bearer ${token}` };

        const one = await fetch(`${backendUrl()}/inpost/label/${a.id}?type=A6`, { headers: auth });
        expect(one.status).toBe(200);
        expect(one.headers.get('content-type')).toBe('application/pdf');
        const pdf = Buffer.from(await one.arrayBuffer()).toString('latin1');
        expect(pdf.startsWith('%PDF-')).toBe(true);
        expect(pdf).toContain('/MediaBox [0 0 298 420]');
        expect(pdf).toContain((await shipmentOf(a.id))!.trackingNumber!);

        expect((await fetch(`${backendUrl()}/inpost/label/${a.id}`)).status).toBe(403);
        const early = await fetch(`${backendUrl()}/inpost/label/${waiting.id}`, { headers: auth });
        expect(early.status).toBe(409);
        expect(await early.json()).toEqual({
            ok: false,
            reason: 'Etykieta będzie dostępna, gdy InPost potwierdzi przesyłkę (zwykle po kilku sekundach).',
        });

        const both = await fetch(`${backendUrl()}/inpost/labels?orderIds=${a.id},${b.id}`, { headers: auth });
        expect(both.status).toBe(200);
        expect(Buffer.from(await both.arrayBuffer()).toString('latin1')).toContain('/Count 2');
        const mixed = await fetch(`${backendUrl()}/inpost/labels?orderIds=${a.id},${waiting.id}`, { headers: auth });
        expect(mixed.status).toBe(409);
        expect(((await mixed.json()) as { reason: string }).reason).toBe(
            `Te zamówienia nie mają potwierdzonej przesyłki InPost: ${waiting.id}.`,
        );
        expect((await fetch(`${backendUrl()}/inpost/labels?orderIds=1;DROP`, { headers: auth })).status).toBe(400);

        // the same through the Admin API, for the Dashboard (a bearer token, no cookie): base64 PDFs or the reason
        type Label = { fileName: string | null; pdfBase64: string | null; error: string | null };
        const gql = await (
            await staff()
        ).query<{ one: Label; both: Label; early: Label }>(
            `query($a: ID!, $b: ID!, $w: ID!) {
                one: inpostLabel(orderId: $a, type: "A6") { fileName pdfBase64 error }
                both: inpostLabels(orderIds: [$a, $b]) { fileName pdfBase64 error }
                early: inpostLabel(orderId: $w) { fileName pdfBase64 error } }`,
            { a: a.id, b: b.id, w: waiting.id },
        );
        expect(gql.one.fileName).toMatch(/^etykieta-[A-Z0-9]+\.pdf$/);
        expect(Buffer.from(gql.one.pdfBase64!, 'base64').toString('latin1')).toContain('/MediaBox [0 0 298 420]');
        expect(Buffer.from(gql.both.pdfBase64!, 'base64').toString('latin1')).toContain('/Count 2');
        expect(gql.early).toEqual({
            fileName: null,
            pdfBase64: null,
            error: 'Etykieta będzie dostępna, gdy InPost potwierdzi przesyłkę (zwykle po kilku sekundach).',
        });
    });

    it('ShipX’s answer lost after it created the parcel: found by the order’s reference, never a second parcel', async () => {
        const { organizationId, token } = inpostSettings();
        const atShipx = async (code: string) =>
            (await (
                await fetch(standIn(`/v1/organizations/${organizationId}/shipments?reference=${encodeURIComponent(code)}`), {
                    headers: { authorization: `Bearer ${token}` },
                })
            ).json()) as { count: number; items: Array<{ id: number; reference: string }> };

        // the connection dropped after ShipX stored the shipment
        const lostAnswer = await placeOrder();
        await control('PUT', '/test/lose-answers', { count: 1 });
        const r = await create(lostAnswer.id);
        expect(r.error).toBeNull();
        const listed = await atShipx(lostAnswer.code);
        expect(listed.count).toBe(1);
        expect(r.shipment).toMatchObject({ orderCode: lostAnswer.code, shipmentId: String(listed.items[0]!.id), status: 'created' });
        expect((await create(lostAnswer.id)).error).toContain('już istnieje');
        expect((await atShipx(lostAnswer.code)).count).toBe(1);

        // a parcel ShipX has from an attempt the shop forgot (its answer lost and the claim given back):
        // the next attempt takes it
        const forgotten = await placeOrder();
        await control('PUT', '/test/lose-answers', { count: 1 });
        const direct = await fetch(standIn(`/v1/organizations/${organizationId}/shipments`), {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({
                service: 'inpost_locker_standard',
                reference: forgotten.code,
                receiver: { first_name: 'Ewa', last_name: 'Kot', email: forgotten.email, phone: '600700800' },
                parcels: [{ template: 'small' }],
                custom_attributes: { target_point: 'KRA01M', sending_method: 'dispatch_order' },
            }),
        }).catch(() => null);
        expect(direct).toBeNull();
        const again = await create(forgotten.id);
        expect(again.error).toBeNull();
        const one = await atShipx(forgotten.code);
        expect(one.count).toBe(1);
        expect(again.shipment!.shipmentId).toBe(String(one.items[0]!.id));
    });

    it('several orders at once: each gets its shipment or its own reason', async () => {
        const a = await placeOrder();
        const unpaid = await placeOrder({ paid: false });
        const courier = await placeOrder({ courier: true });
        const r = await (
            await staff()
        ).query<{
            createInpostShipments: Array<{
                orderId: string;
                shipment: Pick<Shipment, 'status' | 'orderCode' | 'targetPoint'> | null;
                error: string | null;
            }>;
        }>(`mutation($ids: [ID!]!) { createInpostShipments(orderIds: $ids) { orderId shipment { status orderCode targetPoint } error } }`, {
            ids: [a.id, unpaid.id, a.id, courier.id],
        });
        expect(r.createInpostShipments).toEqual([
            { orderId: a.id, shipment: { status: 'created', orderCode: a.code, targetPoint: 'KRA01M' }, error: null },
            { orderId: unpaid.id, shipment: null, error: expect.stringContaining('nie jest jeszcze opłacone') },
            { orderId: courier.id, shipment: { status: 'created', orderCode: courier.code, targetPoint: '' }, error: null },
        ]);
    });

    it('orders InPost’s courier to collect confirmed parcels: one ShipX dispatch order at the pickup address, once', async () => {
        const pickup = async (ids: string[]) =>
            (
                await (
                    await staff()
                ).query<{
                    orderInpostPickup: {
                        dispatchOrderId: string | null;
                        status: string | null;
                        orderCodes: string[];
                        error: string | null;
                    };
                }>(`mutation($ids: [ID!]!) { orderInpostPickup(orderIds: $ids) { dispatchOrderId status orderCodes error } }`, { ids })
            ).orderInpostPickup;
        const locker = await placeOrder();
        const courier = await placeOrder({ courier: true });
        const a = await create(locker.id);
        const b = await create(courier.id);
        await waitFor(locker.id, s => s.status === 'confirmed');
        await waitFor(courier.id, s => s.status === 'confirmed');
        await control('PUT', '/test/confirm-delay', { ms: 60_000 });
        const waiting = await placeOrder();
        await create(waiting.id);
        await control('PUT', '/test/confirm-delay', { ms: 300 });
        const noShipment = await placeOrder();

        // a parcel ShipX has not confirmed, or an order without one: nothing is ordered
        expect(await pickup([locker.id, waiting.id, noShipment.id])).toEqual({
            dispatchOrderId: null,
            status: null,
            orderCodes: [],
            error: `Kuriera można zamówić tylko po paczki potwierdzone przez InPost i jeszcze nienadane; nie spełniają tego: ${waiting.code}, ${noShipment.code}.`,
        });
        expect((await shipmentOf(locker.id))!.dispatchOrderId).toBeNull();

        const ordered = await pickup([locker.id, courier.id]);
        expect(ordered).toEqual({
            dispatchOrderId: expect.stringMatching(/^\d+$/),
            status: 'new',
            orderCodes: [locker.code, courier.code],
            error: null,
        });
        // what ShipX received: both shipments, the pickup address of INPOST_PICKUP_ADDRESS
        const sent = await control<{ shipments: Array<{ id: number }>; address: unknown; comment: string }>(
            'GET',
            `/test/dispatch-orders/${ordered.dispatchOrderId}`,
        );
        expect(sent.shipments.map(x => String(x.id))).toEqual([a.shipment!.shipmentId, b.shipment!.shipmentId]);
        expect(sent.address).toEqual({
            street: 'Testowa',
            building_number: '1',
            post_code: '00-001',
            city: 'Warszawa',
            country_code: 'PL',
        });
        expect(sent.comment).toBe(`Zamówienia ${locker.code}, ${courier.code}`);
        expect((await shipmentOf(locker.id))!.dispatchOrderId).toBe(ordered.dispatchOrderId);
        expect((await shipmentOf(courier.id))!.dispatchOrderId).toBe(ordered.dispatchOrderId);

        // a second click, also two at once: the courier is not ordered twice
        const [again1, again2] = await Promise.all([pickup([locker.id]), pickup([courier.id, locker.id])]);
        expect(again1.error).toBe(`Kurier po te paczki jest już zamówiony: ${locker.code}.`);
        expect(again2.error).toMatch(/^Kurier po te paczki jest już zamówiony: /);
        expect((await pickup([])).error).toBe('Wybierz od 1 do 100 zamówień (tyle paczek obejmuje jedno zamówienie kuriera).');

        // a parcel already with InPost needs no pickup
        await control('POST', `/test/shipments/${a.shipment!.shipmentId}/status`, { status: 'taken_by_courier' });
        const third = await placeOrder();
        await create(third.id);
        await waitFor(third.id, s => s.status === 'confirmed');
        const late = await pickup([third.id, locker.id]);
        expect(late.error).toBe(
            `Kuriera można zamówić tylko po paczki potwierdzone przez InPost i jeszcze nienadane; nie spełniają tego: ${locker.code}.`,
        );
    });

    it('cancels a shipment ShipX has not confirmed, and refuses once it has', async () => {
        await control('PUT', '/test/confirm-delay', { ms: 60_000 });
        const order = await placeOrder();
        const created = await create(order.id);
        await control('PUT', '/test/confirm-delay', { ms: 300 });
        expect(created.shipment!.cancellable).toBe(true);
        const cancel = `mutation($id: ID!) { cancelInpostShipment(orderId: $id) { error } }`;
        expect(
            (await (await staff()).query<{ cancelInpostShipment: Result }>(cancel, { id: order.id })).cancelInpostShipment.error,
        ).toBeNull();
        expect(
            (await control<{ shipment: { status: string } }>('GET', `/test/shipments/${created.shipment!.shipmentId}`)).shipment.status,
        ).toBe('canceled');
        expect(await shipmentOf(order.id)).toBeNull();
        // a new one for the same order, confirmed this time: no cancel any more
        await create(order.id);
        await waitFor(order.id, s => s.status === 'confirmed');
        expect((await (await staff()).query<{ cancelInpostShipment: Result }>(cancel, { id: order.id })).cancelInpostShipment.error).toBe(
            'Przesyłki w statusie „confirmed” nie można już anulować – InPost ją potwierdził; anuluj ją w Managerze Paczek InPost.',
        );
    });
});
