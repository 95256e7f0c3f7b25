import { Hono } from 'hono';
import { z } from 'zod';
import type { Locker } from './locker';
import { cachedJson } from '../../worker/cache/data-cache';
import type { AppEnv } from '../../worker/env';

/** InPost must never hold the locker picker up longer than this. */
const LOCKERS_TIMEOUT_MS = 1500;
/** Public data: answers are kept at the edge (and in browsers) for an hour. */
const LOCKERS_TTL_SECONDS = 3600;
const MAX_LOCKERS = 20;

export const LOCKER_TEXTS = {
  badQuery: 'Wpisz miasto lub kod pocztowy (od 2 do 64 znaków: litery, cyfry, spacje i myślniki).',
  unavailable: 'Nie udało się pobrać listy Paczkomatów. Spróbuj ponownie za chwilę.',
  method: 'Dozwolona jest tylko metoda GET.',
} as const;

const QUERY = /^[\p{L}\d][\p{L}\d -]{0,62}[\p{L}\d]$/u;
const POSTAL_CODE = /^(\d{2})-?(\d{3})$/;

/** The fields of InPost's ShipX points (`/v1/points`) we use; anything else is ignored. */
const pointSchema = z.object({
  name: z.string().min(1),
  location_description: z.string().nullish(),
  opening_hours: z.string().nullish(),
  distance: z.number().nullish(),
  address_details: z.object({
    city: z.string().nullish(),
    post_code: z.string().nullish(),
    street: z.string().nullish(),
    building_number: z.string().nullish(),
  }),
});
const pointsSchema = z.object({ items: z.array(z.unknown()) });

function toLocker(raw: unknown, relative: boolean): Locker[] {
  const parsed = pointSchema.safeParse(raw);
  if (!parsed.success) return []; // one malformed point is skipped, not the whole list
  const p = parsed.data;
  const a = p.address_details;
  return [
    {
      code: p.name,
      name: `Paczkomat ${p.name}`,
      address: [a.street, a.building_number].filter(Boolean).join(' '),
      city: a.city ?? '',
      postalCode: a.post_code ?? '',
      openingHours: p.opening_hours ?? '',
      description: p.location_description ?? '',
      distanceKm: relative && typeof p.distance === 'number' ? Math.round(p.distance / 100) / 10 : null,
    },
  ];
}

function problem(status: number, error: string, headers: Record<string, string> = {}) {
  return Response.json({ error }, { status, headers: { 'Cache-Control': 'no-store', ...headers } });
}

/**
 * `GET /api/lockers?q=<city or postal code>`: InPost parcel lockers for the checkout's picker,
 * from the ShipX points API at INPOST_POINTS_URL. A postal code gives the nearest lockers first
 * (with their distance), a city that city's lockers; at most 20. Cached for an hour (public data);
 * InPost slower than 1.5 s or failing → 503 with a Polish message (never cached).
 */
export const lockersApi = new Hono<AppEnv>().all('/', async (c) => {
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return problem(405, LOCKER_TEXTS.method, { Allow: 'GET, HEAD' });
  const q = (c.req.query('q') ?? '').trim().replace(/\s+/g, ' ');
  if (!QUERY.test(q)) return problem(400, LOCKER_TEXTS.badQuery);

  const postal = q.match(POSTAL_CODE);
  const upstream = new URL(c.env.INPOST_POINTS_URL);
  if (postal) upstream.searchParams.set('relative_post_code', `${postal[1]}-${postal[2]}`);
  else upstream.searchParams.set('city', q);
  upstream.searchParams.set('type', 'parcel_locker');
  upstream.searchParams.set('per_page', String(MAX_LOCKERS));

  let items: Locker[];
  try {
    items = await cachedJson(c, `lockers:${upstream.href.toLowerCase()}`, LOCKERS_TTL_SECONDS, async () => {
      const res = await fetch(upstream.href, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(LOCKERS_TIMEOUT_MS) });
      if (!res.ok) throw new Error(`InPost points answered ${res.status}`);
      const body = pointsSchema.parse(await res.json());
      const lockers = body.items.flatMap((raw) => toLocker(raw, Boolean(postal)));
      // the API sorts by distance for relative searches; keep that promise whatever it sends
      if (postal) lockers.sort((a, b) => (a.distanceKm ?? Infinity) - (b.distanceKm ?? Infinity));
      return lockers.slice(0, MAX_LOCKERS);
    });
  } catch (error) {
    console.error('Lockers: InPost points failed', error);
    return problem(503, LOCKER_TEXTS.unavailable, { 'Retry-After': '5' });
  }
  return Response.json({ items }, { headers: { 'Cache-Control': `public, max-age=${LOCKERS_TTL_SECONDS}` } });
});
