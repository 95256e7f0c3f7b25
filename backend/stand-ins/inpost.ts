/**
 * InPost points stand-in (development and tests): a deterministic fixture of ~310 parcel lockers in
 * nine Polish cities, served in the shape of InPost's public ShipX points API:
 *
 * GET /inpost/v1/points?city=&post_code=&relative_post_code=&relative_point=lat,lng&per_page=&page=
 *   → { href, count, page, per_page, total_pages, items: [{ href, name, type, status, location
 *       { latitude, longitude }, location_description, opening_hours, address { line1, line2 },
 *       address_details { city, province, post_code, street, building_number, flat_number },
 *       location_247, distance? }] }
 *
 * `city` matches case- and diacritics-insensitively; `relative_post_code` / `relative_point` sort
 * nearest first and add `distance` in metres (a postal code is placed at its delivery area: an exact
 * locker area code, else the city of its two-digit prefix; unknown → no items).
 *
 * ShipX's shipments, labels, tracking and status webhooks to these lockers: inpost-shipx.ts (same prefix).
 */
import type * as http from 'http';
import { mulberry32 } from '../src/dev/util';
import { shipxStandIn, type ShipxStandInOptions } from './inpost-shipx';

export interface LockerFixture {
    name: string;
    city: string;
    province: string;
    postCode: string;
    street: string;
    buildingNumber: string;
    latitude: number;
    longitude: number;
    openingHours: string;
    locationDescription: string;
}

interface CityDef {
    code: string;
    city: string;
    province: string;
    lat: number;
    lng: number;
    prefixes: string[];
    count: number;
}

const CITIES: CityDef[] = [
    {
        code: 'WAW',
        city: 'Warszawa',
        province: 'mazowieckie',
        lat: 52.2297,
        lng: 21.0122,
        prefixes: ['00', '01', '02', '03', '04'],
        count: 70,
    },
    { code: 'KRA', city: 'Kraków', province: 'małopolskie', lat: 50.0647, lng: 19.945, prefixes: ['30', '31'], count: 45 },
    { code: 'POZ', city: 'Poznań', province: 'wielkopolskie', lat: 52.4064, lng: 16.9252, prefixes: ['60', '61'], count: 40 },
    {
        code: 'WRO',
        city: 'Wrocław',
        province: 'dolnośląskie',
        lat: 51.1079,
        lng: 17.0385,
        prefixes: ['50', '51', '52', '53', '54'],
        count: 40,
    },
    { code: 'GDA', city: 'Gdańsk', province: 'pomorskie', lat: 54.352, lng: 18.6466, prefixes: ['80'], count: 30 },
    { code: 'LOD', city: 'Łódź', province: 'łódzkie', lat: 51.7592, lng: 19.456, prefixes: ['90', '91', '92', '93', '94'], count: 30 },
    { code: 'KAT', city: 'Katowice', province: 'śląskie', lat: 50.2649, lng: 19.0238, prefixes: ['40'], count: 20 },
    { code: 'SZC', city: 'Szczecin', province: 'zachodniopomorskie', lat: 53.4285, lng: 14.5528, prefixes: ['70', '71'], count: 20 },
    { code: 'LUB', city: 'Lublin', province: 'lubelskie', lat: 51.2465, lng: 22.5684, prefixes: ['20'], count: 15 },
];

const STREETS = [
    'Marszałkowska',
    'Długa',
    'Polna',
    'Leśna',
    'Słoneczna',
    'Krótka',
    'Szkolna',
    'Ogrodowa',
    'Lipowa',
    'Łąkowa',
    'Brzozowa',
    'Kwiatowa',
    'Kościuszki',
    'Mickiewicza',
    'Sienkiewicza',
    'Jana Pawła II',
    'Piłsudskiego',
    'Wojska Polskiego',
    'Kolejowa',
    'Parkowa',
    'Grunwaldzka',
    'Zielona',
    'Żeromskiego',
    'Reymonta',
];
const PLACES = [
    'przy sklepie Żabka',
    'przy stacji paliw',
    'obok wejścia do supermarketu',
    'na parkingu przy markecie',
    'przy bloku, od strony ulicy',
    'w pasażu handlowym',
    'obok przystanku tramwajowego',
    'przy osiedlowym sklepie',
];
const SUFFIXES = ['M', 'A', 'N'];

export interface PostalArea {
    postCode: string;
    latitude: number;
    longitude: number;
}

/** Postal delivery areas (coordinates) and the lockers placed in them. */
export function generateLockers(): { lockers: LockerFixture[]; areas: PostalArea[] } {
    const lockers: LockerFixture[] = [];
    const areas: PostalArea[] = [];
    CITIES.forEach((c, ci) => {
        const random = mulberry32(1000 + ci);
        // ~one postal area per 4 lockers, spread ±0.06° around the centre (a few km)
        const cityAreas: PostalArea[] = [];
        const areaCount = Math.max(4, Math.round(c.count / 4));
        for (let i = 0; i < areaCount; i++) {
            const prefix = c.prefixes[i % c.prefixes.length];
            const suffix = String(1 + Math.floor(random() * 998)).padStart(3, '0');
            const postCode = `${prefix}-${suffix}`;
            if (cityAreas.some(a => a.postCode === postCode)) continue;
            cityAreas.push({
                postCode,
                latitude: round(c.lat + (random() - 0.5) * 0.12),
                longitude: round(c.lng + (random() - 0.5) * 0.18),
            });
        }
        areas.push(...cityAreas);
        for (let i = 0; i < c.count; i++) {
            const area = cityAreas[i % cityAreas.length];
            const number = i + 1;
            lockers.push({
                name: `${c.code}${String(number).padStart(2, '0')}${SUFFIXES[i % SUFFIXES.length]}`,
                city: c.city,
                province: c.province,
                postCode: area.postCode,
                street: STREETS[Math.floor(random() * STREETS.length)],
                buildingNumber: String(1 + Math.floor(random() * 120)) + (random() < 0.15 ? 'A' : ''),
                latitude: round(area.latitude + (random() - 0.5) * 0.01),
                longitude: round(area.longitude + (random() - 0.5) * 0.015),
                openingHours: i % 5 === 3 ? 'pn-pt 8-20' : '24/7',
                locationDescription: PLACES[Math.floor(random() * PLACES.length)],
            });
        }
    });
    return { lockers, areas };
}

function round(x: number): number {
    return Math.round(x * 1e6) / 1e6;
}

/** Great-circle distance in metres. */
export function distanceMetres(aLat: number, aLng: number, bLat: number, bLng: number): number {
    const rad = Math.PI / 180;
    const dLat = (bLat - aLat) * rad;
    const dLng = (bLng - aLng) * rad;
    const h = Math.sin(dLat / 2) ** 2 + Math.cos(aLat * rad) * Math.cos(bLat * rad) * Math.sin(dLng / 2) ** 2;
    return Math.round(2 * 6371000 * Math.asin(Math.sqrt(h)));
}

const fold = (s: string) =>
    s
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .replace(/ł/g, 'l')
        .replace(/Ł/g, 'L')
        .toLowerCase()
        .trim();

export function inpostStandIn(shipxOptions: ShipxStandInOptions) {
    const { lockers, areas } = generateLockers();
    const names = new Set(lockers.map(l => l.name));
    const shipx = shipxStandIn(shipxOptions, name => names.has(name));

    const whereIs = (postCode: string): { latitude: number; longitude: number } | undefined => {
        const exact = areas.find(a => a.postCode === postCode);
        if (exact) return exact;
        const city = CITIES.find(c => c.prefixes.includes(postCode.slice(0, 2)));
        return city ? { latitude: city.lat, longitude: city.lng } : undefined;
    };

    const toShipX = (l: LockerFixture, origin: string, distance?: number) => ({
        href: `${origin}/inpost/v1/points/${l.name}`,
        name: l.name,
        type: ['parcel_locker'],
        status: 'Operating',
        location: { longitude: l.longitude, latitude: l.latitude },
        location_type: 'Outdoor',
        location_description: l.locationDescription,
        opening_hours: l.openingHours,
        address: { line1: `${l.street} ${l.buildingNumber}`, line2: `${l.postCode} ${l.city}` },
        address_details: {
            city: l.city,
            province: l.province,
            post_code: l.postCode,
            street: l.street,
            building_number: l.buildingNumber,
            flat_number: null,
        },
        location_247: l.openingHours === '24/7',
        ...(distance === undefined ? {} : { distance }),
    });

    const json = (res: http.ServerResponse, status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(value));
    };

    /** Handles /inpost/*; returns false for other paths. */
    return function handle(req: http.IncomingMessage, res: http.ServerResponse, origin: string): boolean {
        const url = new URL(req.url ?? '/', origin);
        if (!url.pathname.startsWith('/inpost/')) return false;
        if (/^\/inpost\/(test|v1\/(organizations|shipments|tracking))(\/|$)/.test(url.pathname)) {
            shipx(req, res, url, origin).catch(err => {
                if (!res.headersSent) json(res, 400, { status: 400, error: 'invalid_request', message: String(err?.message ?? err) });
            });
            return true;
        }
        if (req.method !== 'GET' && req.method !== 'HEAD') {
            json(res, 405, { status: 405, error: 'method_not_allowed' });
            return true;
        }
        const single = url.pathname.match(/^\/inpost\/v1\/points\/([A-Z0-9-]+)$/);
        if (single) {
            const l = lockers.find(x => x.name === single[1]);
            if (l) json(res, 200, toShipX(l, origin));
            else json(res, 404, { status: 404, error: 'resource_not_found', message: 'Point not found' });
            return true;
        }
        if (url.pathname !== '/inpost/v1/points') {
            json(res, 404, { status: 404, error: 'resource_not_found' });
            return true;
        }
        const q = url.searchParams;
        const perPage = Math.min(500, Math.max(1, parseInt(q.get('per_page') ?? '25', 10) || 25));
        const page = Math.max(1, parseInt(q.get('page') ?? '1', 10) || 1);
        let list: Array<{ l: LockerFixture; distance?: number }> = lockers.map(l => ({ l }));
        const city = q.get('city');
        if (city) list = list.filter(x => fold(x.l.city) === fold(city));
        const postCode = q.get('post_code');
        if (postCode) list = list.filter(x => x.l.postCode === postCode);
        let from: { latitude: number; longitude: number } | undefined;
        const relativePostCode = q.get('relative_post_code');
        const relativePoint = q.get('relative_point');
        if (relativePostCode) {
            from = /^\d{2}-\d{3}$/.test(relativePostCode) ? whereIs(relativePostCode) : undefined;
            if (!from) list = [];
        } else if (relativePoint) {
            const [lat, lng] = relativePoint.split(',').map(Number);
            if (Number.isFinite(lat) && Number.isFinite(lng)) from = { latitude: lat, longitude: lng };
            else list = [];
        }
        if (from) {
            const f = from;
            list = list
                .map(x => ({ l: x.l, distance: distanceMetres(f.latitude, f.longitude, x.l.latitude, x.l.longitude) }))
                .sort((a, b) => a.distance! - b.distance! || a.l.name.localeCompare(b.l.name));
        } else {
            list.sort((a, b) => a.l.name.localeCompare(b.l.name));
        }
        const items = list.slice((page - 1) * perPage, page * perPage).map(x => toShipX(x.l, origin, x.distance));
        json(res, 200, {
            href: `${origin}${url.pathname}${url.search}`,
            count: list.length,
            page,
            per_page: perPage,
            total_pages: Math.max(1, Math.ceil(list.length / perPage)),
            items,
        });
        return true;
    };
}
