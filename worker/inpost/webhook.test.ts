import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { app } from '../app';

const ORIGIN = 'http://127.0.0.1:8787';
/** The backend's development webhook secret (backend/src/env.ts DEV_INPOST); production sets its own. */
const DEV_SECRET = 'dev-only-inpost-webhook-secret-not-for-production';
const DEV_ORGANIZATION = 4321;

const call = (secret: string, method = 'POST', body?: string, headers: Record<string, string> = {}) =>
  app.request(
    `${ORIGIN}/api/inpost/webhook/${secret}`,
    { method, headers: { 'Content-Type': 'application/json', ...headers }, body: method === 'POST' ? body : undefined },
    env,
  );

describe('/api/inpost/webhook/<secret> → backend', () => {
  it("answers ShipX's check of the address (GET 200) only for the right secret", async () => {
    const ok = await call(DEV_SECRET, 'GET');
    expect(ok.status).toBe(200);
    expect(ok.headers.get('Cache-Control')).toBe('no-store');
    expect(await ok.json()).toEqual({ ok: true });
    expect((await call('x'.repeat(48), 'GET')).status).toBe(404);
    // not a secret's shape: refused at the edge
    expect((await call('..%2F..%2Fadmin-api', 'GET')).status).toBe(404);
    expect((await call(DEV_SECRET, 'PUT', '{}')).status).toBe(405);
  });

  it("forwards a status webhook and brings back the backend's answer: an unknown shipment is refused", async () => {
    const body = JSON.stringify({
      event_ts: '2026-11-26 10:00:00 +0100',
      event: 'shipment_status_changed',
      organization_id: DEV_ORGANIZATION,
      payload: { shipment_id: 987654321, status: 'delivered', tracking_number: '600000000000000000000001' },
    });
    const res = await call(DEV_SECRET, 'POST', body);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ ok: false, reason: 'unknown shipment' });
    const wrong = await call('z'.repeat(40), 'POST', body);
    expect(wrong.status).toBe(404);
    expect(await wrong.json()).toEqual({ ok: false, reason: 'not found' });
  });

  it('refuses an oversized body before the backend sees it', async () => {
    const res = await call(DEV_SECRET, 'POST', JSON.stringify({ pad: 'x'.repeat(20_000) }));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ ok: false, reason: 'body too large' });
  });
});
