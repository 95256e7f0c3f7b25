/**
 * InPost ShipX stand-in (development and tests): shipments, their asynchronous statuses, labels,
 * tracking and the status webhooks, for one organisation, under /inpost next to the points API
 * (inpost.ts), so INPOST_SHIPX_URL=http://<host>:<BLOG_PORT>/inpost replaces
 * https://sandbox-api-shipx-pl.easypack24.net. The contract is src/plugins/inpost-shipments/shipx.ts:
 *
 * POST   /inpost/v1/organizations/{org}/shipments   Bearer token; validates like ShipX (400
 *        validation_failed with `details` per field: target_point does_not_exist, receiver phone
 *        invalid (9 digits), email invalid, parcels template, insurance amount, reference 3–100,
 *        sending_method, service no_contract; for inpost_courier_standard the receiver's address:
 *        street, building_number, city required, post_code NN-NNN for PL, country_code, and the
 *        parcels' dimensions (mm) and weight (kg, ≤ 25) instead of a template; a target_point is
 *        refused) → 201 `status: created`, `tracking_number: null`;
 *        after INPOST_CONFIRM_DELAY_MS (default 300) `confirmed` with a 24-digit number and the
 *        `shipment_confirmed` webhook
 * GET    /inpost/v1/shipments/{id}                  the shipment (another organisation's: 404)
 * DELETE /inpost/v1/shipments/{id}                  204 while created; later 400 invalid_action
 * GET    /inpost/v1/shipments/{id}/label?format=Pdf&type=normal|A6   a PDF (confirmed or later;
 *        before: 400 invalid_action)
 * GET    /inpost/v1/organizations/{org}/shipments/labels?format=Pdf&type=…&shipment_ids[]=…
 *        one PDF, a page per shipment; more than 100 ids or an unknown one: 400 validation_failed
 * GET    /inpost/v1/tracking/{number}               status and tracking_details (datetime per status)
 * GET    /inpost/v1/organizations/{org}/shipments?reference=R   the organisation's shipments with that
 *        reference, newest first: { href, count, page, per_page (25), items }
 * POST   /inpost/v1/organizations/{org}/dispatch_orders   { shipments: [ids], address, comment? }: the
 *        courier's pickup; 400 validation_failed for no shipments, an unknown one or one of another
 *        organisation (shipments does_not_exist), one not confirmed or already with InPost
 *        (shipments invalid_status), the address (street, building_number, city, post_code NN-NNN)
 *        → 201 the dispatch order `status: new`
 *
 * For tests (not part of ShipX):
 * PUT  /inpost/test/webhook                  { url } where the status webhooks go (ShipX: the parcel
 *                                            manager's "Moje konto > API" setting); GET answers it
 * PUT  /inpost/test/contracts                { services: [...] } the organisation's contracts
 * PUT  /inpost/test/confirm-delay            { ms } how long ShipX takes to confirm a new shipment
 * PUT  /inpost/test/lose-answers             { count } the next creates store the shipment and drop the
 *                                            connection without an answer (a lost reply)
 * POST /inpost/test/shipments/{id}/status    { status, datetime?, notify? } moves the shipment (a
 *                                            tracking detail with the date) and sends
 *                                            `shipment_status_changed` unless notify is false
 *                                            → { shipment, webhook: { status, body } | null }
 * GET  /inpost/test/shipments/{id}           the shipment and the webhooks sent for it
 * GET  /inpost/test/dispatch-orders/{id}     a dispatch order as created (with the request's comment)
 */
import type * as http from 'http';
import {
    CANCELLABLE_STATUSES,
    COURIER_MAX_KG,
    COURIER_SERVICE,
    KNOWN_STATUSES,
    LOCKER_SERVICE,
    MAX_BULK_LABELS,
    PARCEL_SIZES,
    type ShipxDispatchOrder,
    type ShipxShipment,
    type ShipxTracking,
    type ShipxWebhook,
} from '../src/plugins/inpost-shipments/shipx';
import { readBody } from './read-body';

export interface ShipxStandInOptions {
    organizationId: number;
    token: string;
    /** where the status webhooks go until a test sets another (PUT /inpost/test/webhook) */
    webhookUrl?: string;
}

interface Stored {
    shipment: ShipxShipment;
    organizationId: number;
    details: ShipxTracking['tracking_details'];
    webhooks: Array<{ event: string; status: number | string; body: ShipxWebhook }>;
}

const MAX_BODY = 64 * 1024;
/** A request body as parsed JSON: untrusted, every field is checked before use (validate). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- checked field by field in validate()
type Untrusted = Record<string, any>;
const SENDING_METHODS = ['parcel_locker', 'pok', 'pop', 'courier_pok', 'branch', 'dispatch_order', ''];
const TEMPLATES = Object.values(PARCEL_SIZES) as string[];

/** ShipX's time format in its answers ("2026-11-26T10:00:00.000+01:00"); the stand-in uses UTC. */
const ts = (d: Date = new Date()) => d.toISOString();
/** The webhook's `event_ts` ("2020-03-20 15:08:42 +0100"). */
const eventTs = (d: Date = new Date()) => `${d.toISOString().slice(0, 19).replace('T', ' ')} +0000`;

/** A minimal PDF of one page per label (A6 105×148 mm or A4), the label's lines in Helvetica. */
export function labelPdf(pages: string[][], type: string): Buffer {
    const [w, h] = type === 'A6' ? [298, 420] : [595, 842];
    const objects: string[] = [];
    const add = (body: string) => objects.push(body) - 1 + 1; // 1-based object number
    const esc = (s: string) =>
        s
            .normalize('NFD')
            .replace(/[\u0300-\u036f]/g, '')
            .replace(/ł/g, 'l')
            .replace(/Ł/g, 'L')
            .replace(/[\\()]/g, m => `\\${m}`)
            .replace(/[^\x20-\x7e]/g, '?');
    add('<< /Type /Catalog /Pages 2 0 R >>');
    add('PAGES');
    add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
    const kids: number[] = [];
    for (const lines of pages) {
        const text = lines.map((l, i) => `BT /F1 ${i === 0 ? 16 : 11} Tf 24 ${h - 40 - i * 22} Td (${esc(l)}) Tj ET`).join('\n');
        const content = add(`<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`);
        kids.push(
            add(
                `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${w} ${h}] /Resources << /Font << /F1 3 0 R >> >> /Contents ${content} 0 R >>`,
            ),
        );
    }
    objects[1] = `<< /Type /Pages /Kids [${kids.map(k => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
    let out = '%PDF-1.4\n';
    const offsets: number[] = [];
    objects.forEach((body, i) => {
        offsets.push(Buffer.byteLength(out));
        out += `${i + 1} 0 obj\n${body}\nendobj\n`;
    });
    const xref = Buffer.byteLength(out);
    out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map(o => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
    out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
    return Buffer.from(out, 'latin1');
}

export function shipxStandIn(options: ShipxStandInOptions, lockerExists: (name: string) => boolean) {
    const shipments = new Map<number, Stored>();
    const dispatchOrders = new Map<number, ShipxDispatchOrder & { comment: string | null }>();
    let nextDispatchId = 900 + Math.floor(Math.random() * 100);
    let nextId = 70_000 + Math.floor(Math.random() * 10_000);
    let webhookUrl = options.webhookUrl ?? '';
    let contracts = new Set<string>([LOCKER_SERVICE, 'inpost_courier_standard']);
    let confirmDelayMs = Number(process.env.INPOST_CONFIRM_DELAY_MS ?? 300);
    /** how many of the next creates store the shipment and then drop the connection (PUT /inpost/test/lose-answers) */
    let loseAnswers = 0;

    const json = (res: http.ServerResponse, status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
        res.end(JSON.stringify(value));
    };
    const error = (res: http.ServerResponse, status: number, code: string, message: string, details?: unknown) =>
        json(res, status, { status, error: code, message, ...(details ? { details } : {}) });
    const invalid = (res: http.ServerResponse, details: unknown) =>
        error(res, 400, 'validation_failed', 'There are some validation errors. Check details object for more info.', details);

    const trackingNumber = () => {
        let n = '6';
        while (n.length < 24) n += String(Math.floor(Math.random() * 10));
        return n;
    };

    const sendWebhook = async (stored: Stored, event: string, status?: string) => {
        const body: ShipxWebhook = {
            event_ts: eventTs(),
            event,
            organization_id: stored.organizationId,
            payload: {
                shipment_id: stored.shipment.id,
                ...(status ? { status } : {}),
                tracking_number: stored.shipment.tracking_number,
            },
        };
        if (!webhookUrl) return null;
        try {
            const res = await fetch(webhookUrl, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify(body),
                signal: AbortSignal.timeout(10_000),
            });
            const answer = { event, status: res.status, body };
            stored.webhooks.push(answer);
            return { status: res.status, body: await res.text() };
        } catch (e) {
            stored.webhooks.push({ event, status: String((e as Error).message), body });
            return { status: 0, body: String((e as Error).message) };
        }
    };

    const setStatus = (stored: Stored, status: string, at: Date = new Date()) => {
        stored.shipment.status = status;
        stored.shipment.updated_at = ts(at);
        stored.details.unshift({ status, origin_status: status.toUpperCase().slice(0, 3), agency: null, datetime: ts(at) });
    };

    /** ShipX's checks of the courier's receiver address: street, building number, city, Polish post code NN-NNN. */
    const addressErrors = (a: Untrusted | undefined): Record<string, string[]> | null => {
        if (!a || typeof a !== 'object') return { address: ['required'] };
        const e: Record<string, string[]> = {};
        for (const k of ['street', 'building_number', 'city'])
            if (typeof a[k] !== 'string' || !a[k].trim()) e[k] = ['required'];
            else if (a[k].length > (k === 'building_number' ? 32 : 100)) e[k] = ['too_long'];
        const country = typeof a.country_code === 'string' ? a.country_code : 'PL';
        if (!/^[A-Z]{2}$/.test(country)) e.country_code = ['invalid'];
        if (typeof a.post_code !== 'string' || !a.post_code) e.post_code = ['required'];
        else if (country === 'PL' && !/^\d{2}-\d{3}$/.test(a.post_code)) e.post_code = ['invalid'];
        return Object.keys(e).length ? e : null;
    };

    /** A courier parcel: dimensions in mm (each 1–3500) and a weight in kg (above 0, at most 25). */
    const parcelErrors = (p: Untrusted | undefined): Record<string, unknown> | null => {
        if (!p || typeof p !== 'object') return { dimensions: ['required'] };
        const e: Record<string, unknown> = {};
        const d = p.dimensions;
        if (!d || typeof d !== 'object') e.dimensions = ['required'];
        else if (['length', 'width', 'height'].some(k => typeof d[k] !== 'number' || !(d[k] >= 1 && d[k] <= 3500)) || d.unit !== 'mm')
            e.dimensions = ['invalid'];
        const w = p.weight;
        if (!w || typeof w !== 'object') e.weight = ['required'];
        else if (typeof w.amount !== 'number' || !(w.amount > 0 && w.amount <= COURIER_MAX_KG) || w.unit !== 'kg') e.weight = ['invalid'];
        return Object.keys(e).length ? e : null;
    };

    /** The checks ShipX makes of a shipment (the fields the shop sends). */
    const validate = (b: Untrusted): Record<string, unknown> | null => {
        const details: Record<string, unknown> = {};
        const receiver: Record<string, string[]> = {};
        const r = b.receiver;
        if (!r || typeof r !== 'object') details.receiver = ['required'];
        else {
            if (typeof r.phone !== 'string' || !r.phone) receiver.phone = ['required'];
            else if (!/^\d{9}$/.test(r.phone)) receiver.phone = ['invalid'];
            if (typeof r.email !== 'string' || !r.email) receiver.email = ['required'];
            else if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(r.email) || r.email.length > 254) receiver.email = ['invalid'];
            for (const k of ['first_name', 'last_name', 'name'])
                if (r[k] !== undefined && (typeof r[k] !== 'string' || r[k].length > 100)) receiver[k] = ['too_long'];
            if (b.service === COURIER_SERVICE) {
                // the courier needs a name and the street address (ShipX: receiver.address)
                if (!r.first_name && !r.last_name && !r.company_name) receiver.name = ['required'];
                const address = addressErrors(r.address);
                if (address) (receiver as Record<string, unknown>).address = address;
            }
            if (Object.keys(receiver).length) details.receiver = [receiver];
        }
        if (typeof b.service !== 'string' || !b.service) details.service = ['required'];
        else if (b.service !== LOCKER_SERVICE && b.service !== COURIER_SERVICE) details.service = ['invalid'];
        const parcels = b.parcels;
        if (!Array.isArray(parcels) || parcels.length < 1 || parcels.length > 1000) details.parcels = ['required'];
        else if (b.service === COURIER_SERVICE) {
            const errors = parcels.map(parcelErrors).find(e => e);
            if (errors) details.parcels = [errors];
        } else if (parcels.some(p => !p || !TEMPLATES.includes(p.template))) details.parcels = [{ template: ['invalid'] }];
        const ca = b.custom_attributes ?? {};
        const caErrors: Record<string, string[]> = {};
        if (b.service === LOCKER_SERVICE) {
            if (typeof ca.target_point !== 'string' || !ca.target_point) caErrors.target_point = ['required'];
            else if (!lockerExists(ca.target_point)) caErrors.target_point = ['does_not_exist'];
        }
        if (b.service === COURIER_SERVICE && ca.target_point !== undefined && ca.target_point !== null && ca.target_point !== '')
            caErrors.target_point = ['not_supported'];
        if (ca.sending_method !== undefined && !SENDING_METHODS.includes(ca.sending_method)) caErrors.sending_method = ['invalid_value'];
        if (Object.keys(caErrors).length) details.custom_attributes = [caErrors];
        if (b.insurance !== undefined && b.insurance !== null) {
            const amount = b.insurance.amount;
            if (typeof amount !== 'number' || !(amount >= 1) || amount >= 10_000_000) details.insurance = [{ amount: ['invalid'] }];
        }
        if (
            b.reference !== undefined &&
            b.reference !== null &&
            (typeof b.reference !== 'string' || b.reference.length < 3 || b.reference.length > 100)
        )
            details.reference = ['invalid'];
        if (!details.service && typeof b.service === 'string' && !contracts.has(b.service)) details.service = ['no_contract'];
        return Object.keys(details).length ? details : null;
    };

    const create = async (req: http.IncomingMessage, res: http.ServerResponse, org: number, origin: string) => {
        let b: Untrusted;
        try {
            b = JSON.parse((await readBody(req, MAX_BODY)).toString('utf8'));
        } catch {
            return error(res, 400, 'invalid_json', 'Request body is not valid JSON.');
        }
        if (!b || typeof b !== 'object' || Array.isArray(b)) return error(res, 400, 'invalid_json', 'Request body must be an object.');
        const details = validate(b);
        if (details) return invalid(res, details);
        const id = nextId++;
        const now = new Date();
        const shipment: ShipxShipment = {
            href: `${origin}/inpost/v1/shipments/${id}`,
            id,
            status: 'created',
            tracking_number: null,
            service: b.service,
            reference: b.reference ?? null,
            receiver: b.receiver,
            parcels: b.parcels.map((p: Untrusted, i: number) => ({
                id: id * 10 + i,
                ...(p.template ? { template: p.template } : { dimensions: p.dimensions, weight: p.weight }),
                tracking_number: null,
            })),
            custom_attributes: {
                ...(b.custom_attributes?.target_point ? { target_point: b.custom_attributes.target_point } : {}),
                sending_method: b.custom_attributes?.sending_method ?? '',
            },
            insurance: b.insurance ? { amount: b.insurance.amount, currency: b.insurance.currency ?? 'PLN' } : null,
            created_at: ts(now),
            updated_at: ts(now),
        };
        const stored: Stored = { shipment, organizationId: org, details: [], webhooks: [] };
        setStatus(stored, 'created', now);
        shipments.set(id, stored);
        // ShipX buys the offer and assigns the number asynchronously
        setTimeout(() => {
            if (stored.shipment.status !== 'created') return;
            stored.shipment.tracking_number = trackingNumber();
            stored.shipment.parcels.forEach(p => (p.tracking_number = stored.shipment.tracking_number));
            setStatus(stored, 'confirmed');
            void sendWebhook(stored, 'shipment_confirmed');
        }, confirmDelayMs).unref?.();
        // a test's lost answer: the shipment exists, the caller gets no reply (a timeout, a dropped connection)
        if (loseAnswers > 0) {
            loseAnswers--;
            res.socket?.destroy();
            return;
        }
        json(res, 201, shipment);
    };

    /** ShipX's dispatch order: the courier collects the listed confirmed shipments at the address. */
    const createDispatchOrder = async (req: http.IncomingMessage, res: http.ServerResponse, origin: string) => {
        let b: Untrusted;
        try {
            b = JSON.parse((await readBody(req, MAX_BODY)).toString('utf8'));
        } catch {
            return error(res, 400, 'invalid_json', 'Request body is not valid JSON.');
        }
        if (!b || typeof b !== 'object' || Array.isArray(b)) return error(res, 400, 'invalid_json', 'Request body must be an object.');
        const details: Record<string, unknown> = {};
        const ids: unknown[] = Array.isArray(b.shipments) ? b.shipments : [];
        const found = ids.map(id => shipments.get(Number(id)));
        if (ids.length === 0) details.shipments = ['required'];
        else if (found.some(f => !f || f.organizationId !== options.organizationId)) details.shipments = ['does_not_exist'];
        else if (found.some(f => f!.shipment.status !== 'confirmed')) details.shipments = ['invalid_status'];
        const address = addressErrors(b.address);
        if (address) details.address = [address];
        if (b.comment !== undefined && (typeof b.comment !== 'string' || b.comment.length > 100)) details.comment = ['too_long'];
        if (Object.keys(details).length) return invalid(res, details);
        const id = nextDispatchId++;
        const now = ts();
        const order = {
            href: `${origin}/inpost/v1/dispatch_orders/${id}`,
            id,
            status: 'new',
            address: b.address,
            shipments: found.map(f => ({ href: f!.shipment.href, id: f!.shipment.id, tracking_number: f!.shipment.tracking_number })),
            created_at: now,
            updated_at: now,
            comment: b.comment ?? null,
        };
        dispatchOrders.set(id, order);
        const { comment: _comment, ...answer } = order;
        json(res, 201, answer);
    };

    const labelLines = (s: ShipxShipment) => [
        s.service === COURIER_SERVICE
            ? `Kurier InPost ${s.receiver.address?.post_code ?? ''} ${s.receiver.address?.city ?? ''}`
            : `InPost Paczkomat ${s.custom_attributes.target_point ?? ''}`,
        `Numer: ${s.tracking_number}`,
        s.service === COURIER_SERVICE
            ? `Adres: ${s.receiver.address?.street ?? ''} ${s.receiver.address?.building_number ?? ''}`
            : `Gabaryt: ${s.parcels.map(p => p.template).join(', ')}`,
        `Odbiorca: ${s.receiver.name ?? `${s.receiver.first_name ?? ''} ${s.receiver.last_name ?? ''}`.trim()}`,
        `Referencja: ${s.reference ?? ''}`,
        'STAND-IN: nie nadawac',
    ];
    const labelType = (url: URL) => {
        const type = url.searchParams.get('type') ?? 'normal';
        const format = url.searchParams.get('format') ?? 'Pdf';
        return { type, format, ok: ['normal', 'A6'].includes(type) && ['Pdf', 'pdf'].includes(format) };
    };
    const pdf = (res: http.ServerResponse, body: Buffer, name: string) => {
        res.writeHead(200, {
            'content-type': 'application/pdf',
            'content-length': String(body.length),
            'content-disposition': `attachment; filename="${name}"`,
            'cache-control': 'no-store',
        });
        res.end(body);
    };

    /** Handles ShipX's paths under /inpost (and the test controls); false for any other path. */
    return async function handle(req: http.IncomingMessage, res: http.ServerResponse, url: URL, origin: string): Promise<boolean> {
        const p = url.pathname;
        const dispatchTest = p.match(/^\/inpost\/test\/dispatch-orders\/(\d{1,12})$/);
        if (dispatchTest) {
            const order = dispatchOrders.get(Number(dispatchTest[1]));
            return (order ? json(res, 200, order) : error(res, 404, 'resource_not_found', 'Dispatch order not found'), true);
        }
        const test = p.match(/^\/inpost\/test\/(webhook|contracts|confirm-delay|lose-answers|shipments\/(\d+)(\/status)?)$/);
        if (test) {
            if (test[1] === 'lose-answers') {
                const b = JSON.parse((await readBody(req, MAX_BODY)).toString('utf8') || '{}');
                if (Number.isSafeInteger(b.count) && b.count >= 0) loseAnswers = b.count;
                return (json(res, 200, { count: loseAnswers }), true);
            }
            if (test[1] === 'webhook') {
                if (req.method === 'GET') return (json(res, 200, { url: webhookUrl }), true);
                const b = JSON.parse((await readBody(req, MAX_BODY)).toString('utf8') || '{}');
                webhookUrl = typeof b.url === 'string' ? b.url : '';
                return (json(res, 200, { url: webhookUrl }), true);
            }
            if (test[1] === 'confirm-delay') {
                const b = JSON.parse((await readBody(req, MAX_BODY)).toString('utf8') || '{}');
                if (Number.isSafeInteger(b.ms) && b.ms >= 0) confirmDelayMs = b.ms;
                return (json(res, 200, { ms: confirmDelayMs }), true);
            }
            if (test[1] === 'contracts') {
                const b = JSON.parse((await readBody(req, MAX_BODY)).toString('utf8') || '{}');
                contracts = new Set(Array.isArray(b.services) ? b.services : []);
                return (json(res, 200, { services: [...contracts] }), true);
            }
            const stored = shipments.get(Number(test[2]));
            if (!stored) return (error(res, 404, 'resource_not_found', 'Shipment not found'), true);
            if (!test[3]) return (json(res, 200, { shipment: stored.shipment, details: stored.details, webhooks: stored.webhooks }), true);
            const b = JSON.parse((await readBody(req, MAX_BODY)).toString('utf8') || '{}');
            if (!KNOWN_STATUSES.has(b.status)) return (error(res, 400, 'invalid_status', `Unknown status ${b.status}`), true);
            if (!stored.shipment.tracking_number) stored.shipment.tracking_number = trackingNumber();
            setStatus(stored, b.status, b.datetime ? new Date(b.datetime) : new Date());
            const webhook = b.notify === false ? null : await sendWebhook(stored, 'shipment_status_changed', b.status);
            return (json(res, 200, { shipment: stored.shipment, webhook }), true);
        }
        const isShipx = /^\/inpost\/v1\/(organizations|shipments|tracking)(\/|$)/.test(p);
        if (!isShipx) return false;
        if (req.headers.authorization !== `Bearer ${options.token}`) {
            error(res, 401, 'unauthorized', 'Token is missing or invalid.');
            return true;
        }
        const dispatch = p.match(/^\/inpost\/v1\/organizations\/(\d{1,12})\/dispatch_orders$/);
        if (dispatch) {
            if (Number(dispatch[1]) !== options.organizationId)
                return (error(res, 403, 'access_forbidden', 'You are not a member of this organization.'), true);
            if (req.method !== 'POST') return (error(res, 405, 'method_not_allowed', 'Method not allowed'), true);
            await createDispatchOrder(req, res, origin);
            return true;
        }
        const org = p.match(/^\/inpost\/v1\/organizations\/(\d+)\/shipments(\/labels)?$/);
        if (org) {
            if (Number(org[1]) !== options.organizationId)
                return (error(res, 403, 'access_forbidden', 'You are not a member of this organization.'), true);
            if (!org[2]) {
                if (req.method === 'GET') {
                    // the organisation's shipments, filtered by `reference` (ShipX's list: href, count, page, per_page, items)
                    const reference = url.searchParams.get('reference');
                    const items = [...shipments.values()]
                        .filter(
                            st =>
                                st.organizationId === options.organizationId && (reference === null || st.shipment.reference === reference),
                        )
                        .map(st => st.shipment)
                        .sort((a, b) => b.id - a.id);
                    const perPage = 25;
                    return (
                        json(res, 200, {
                            href: `${origin}${p}${url.search}`,
                            count: items.length,
                            page: 1,
                            per_page: perPage,
                            items: items.slice(0, perPage),
                        }),
                        true
                    );
                }
                if (req.method !== 'POST') return (error(res, 405, 'method_not_allowed', 'Method not allowed'), true);
                await create(req, res, options.organizationId, origin);
                return true;
            }
            const { type, ok } = labelType(url);
            const ids = url.searchParams.getAll('shipment_ids[]').map(Number);
            if (!ok) return (invalid(res, { type: ['invalid'] }), true);
            if (ids.length === 0 || ids.length > MAX_BULK_LABELS)
                return (invalid(res, { shipment_ids: [ids.length ? 'too_long' : 'required'] }), true);
            const found = ids.map(id => shipments.get(id));
            if (found.some(s => !s || s.organizationId !== options.organizationId))
                return (invalid(res, { shipment_ids: ['does_not_exist'] }), true);
            if (
                found.some(
                    s => !s!.shipment.tracking_number || CANCELLABLE_STATUSES.has(s!.shipment.status) || s!.shipment.status === 'canceled',
                )
            )
                return (error(res, 400, 'invalid_action', 'Labels are available for confirmed shipments only.'), true);
            pdf(
                res,
                labelPdf(
                    found.map(s => labelLines(s!.shipment)),
                    type,
                ),
                'labels.pdf',
            );
            return true;
        }
        const one = p.match(/^\/inpost\/v1\/shipments\/(\d+)(\/label)?$/);
        if (one) {
            const stored = shipments.get(Number(one[1]));
            if (!stored || stored.organizationId !== options.organizationId)
                return (error(res, 404, 'resource_not_found', 'Shipment not found'), true);
            if (one[2]) {
                const { type, ok } = labelType(url);
                if (!ok) return (invalid(res, { type: ['invalid'] }), true);
                if (
                    !stored.shipment.tracking_number ||
                    stored.shipment.status === 'canceled' ||
                    CANCELLABLE_STATUSES.has(stored.shipment.status)
                )
                    return (
                        error(res, 400, 'invalid_action', `Label is not available for a shipment in status ${stored.shipment.status}.`),
                        true
                    );
                pdf(res, labelPdf([labelLines(stored.shipment)], type), `label-${stored.shipment.id}.pdf`);
                return true;
            }
            if (req.method === 'DELETE') {
                if (!CANCELLABLE_STATUSES.has(stored.shipment.status))
                    return (error(res, 400, 'invalid_action', `Shipment in status ${stored.shipment.status} cannot be cancelled.`), true);
                setStatus(stored, 'canceled');
                res.writeHead(204).end();
                return true;
            }
            json(res, 200, stored.shipment);
            return true;
        }
        const tracking = p.match(/^\/inpost\/v1\/tracking\/([0-9]{6,40})$/);
        if (tracking) {
            const stored = [...shipments.values()].find(s => s.shipment.tracking_number === tracking[1]);
            if (!stored) return (error(res, 404, 'resource_not_found', 'Tracking number not found'), true);
            const body: ShipxTracking = {
                tracking_number: tracking[1],
                service: stored.shipment.service,
                status: stored.shipment.status,
                custom_attributes: { target_machine_id: stored.shipment.custom_attributes.target_point },
                tracking_details: stored.details,
                created_at: stored.shipment.created_at,
                updated_at: stored.shipment.updated_at,
            };
            json(res, 200, body);
            return true;
        }
        error(res, 404, 'resource_not_found', 'Not found');
        return true;
    };
}
