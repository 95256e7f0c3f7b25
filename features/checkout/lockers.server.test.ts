import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { app } from '../../worker/app';
import type { Locker } from './locker';
import { LOCKER_TEXTS } from './lockers.server';

const ORIGIN = 'http://127.0.0.1:8787';
const get = (q: string | null, bindings: typeof env = env, init: RequestInit = {}) =>
  app.request(`${ORIGIN}/api/lockers${q === null ? '' : `?q=${encodeURIComponent(q)}`}`, init, bindings);

describe('/api/lockers (InPost points through the stand-in)', () => {
  it('a postal code gives the nearest lockers first, with distances, at most 20, cached for an hour', async () => {
    const res = await get('00-590');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=3600');
    const { items } = (await res.json()) as { items: Locker[] };
    expect(items).toHaveLength(20);
    const distances = items.map((l) => l.distanceKm);
    expect(distances.every((d) => typeof d === 'number')).toBe(true);
    expect(distances).toEqual([...distances].sort((a, b) => a! - b!));
    expect(distances[0]!).toBeLessThan(3);
    expect(items[0]).toMatchObject({
      code: expect.stringMatching(/^WAW\d{2,3}[A-Z]$/),
      city: 'Warszawa',
      postalCode: expect.stringMatching(/^0\d-\d{3}$/),
    });
    expect(items[0]!.address).toMatch(/^\S.* \d+A?$/);
    expect(['24/7', 'pn-pt 8-20']).toContain(items[0]!.openingHours);
    // the same answer without the dash
    const again = (await (await get('00590')).json()) as { items: Locker[] };
    expect(again.items.map((l) => l.code)).toEqual(items.map((l) => l.code));
  });

  it('a city gives that city’s lockers, without distances, whatever the case and diacritics', async () => {
    const { items } = (await (await get('Kraków')).json()) as { items: Locker[] };
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThanOrEqual(20);
    expect(items.every((l) => l.city === 'Kraków' && l.distanceKm === null)).toBe(true);
    expect(items.map((l) => l.code)).toContain('KRA01M');
    const folded = (await (await get('krakow')).json()) as { items: Locker[] };
    expect(folded.items.map((l) => l.code)).toEqual(items.map((l) => l.code));
    const none = (await (await get('Nibylandia')).json()) as { items: Locker[] };
    expect(none.items).toEqual([]);
  });

  it('refuses a missing, too short, too long or odd query with a Polish reason', async () => {
    for (const q of [null, '', 'a', 'x'.repeat(65), '<script>', 'Kraków;drop', '00-590/']) {
      const res = await get(q);
      expect(res.status, String(q)).toBe(400);
      expect(await res.json()).toEqual({ error: LOCKER_TEXTS.badQuery });
      expect(res.headers.get('Cache-Control')).toBe('no-store');
    }
  });

  it('answers 503 with a Polish message when InPost is down, and only GET', async () => {
    const down = { ...env, INPOST_POINTS_URL: 'http://127.0.0.1:9/inpost/v1/points' };
    const res = await get('Gdańsk', down);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: LOCKER_TEXTS.unavailable });
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    // a failure is not cached: the same query works once InPost is back
    expect((await get('Gdańsk')).status).toBe(200);
    const post = await get('Gdańsk', env, { method: 'POST' });
    expect(post.status).toBe(405);
  });
});
