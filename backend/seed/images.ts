/**
 * Product pictures drawn at seed time: an SVG per product and colour (the product type's silhouette
 * in that colour, with the product name), rendered to JPEG by sharp. Nothing is downloaded.
 */
import * as fs from 'fs';
import * as path from 'path';
import sharp from 'sharp';
import { COLOURS, type ProductDef, type Shape } from './catalogue';

const SIZE = 1200;

function escapeXml(s: string): string {
    return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Mixes a hex colour with white (t > 0) or black (t < 0). */
export function shade(hex: string, t: number): string {
    const n = parseInt(hex.slice(1), 16);
    const ch = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map(v => {
        const target = t > 0 ? 255 : 0;
        return Math.round(v + (target - v) * Math.abs(t));
    });
    return '#' + ch.map(v => v.toString(16).padStart(2, '0')).join('');
}

const METAL = '#b9c0c7';
const METAL_DARK = '#7d868f';

function buckle(x: number, y: number, w = 90, h = 60): string {
    return `<rect x="${x - w / 2}" y="${y - h / 2}" width="${w}" height="${h}" rx="14" fill="#2b2b2b"/><rect x="${x - w / 2 + 14}" y="${y - 8}" width="${w - 28}" height="16" rx="6" fill="#555"/>`;
}

function ring(x: number, y: number, r = 42): string {
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="none" stroke="${METAL}" stroke-width="14"/><circle cx="${x}" cy="${y}" r="${r}" fill="none" stroke="${METAL_DARK}" stroke-width="3"/>`;
}

function carabiner(x: number, y: number, scale = 1): string {
    return `<g transform="translate(${x} ${y}) scale(${scale})"><rect x="-45" y="-20" width="90" height="170" rx="45" fill="none" stroke="${METAL}" stroke-width="18"/><rect x="-45" y="-20" width="90" height="170" rx="45" fill="none" stroke="${METAL_DARK}" stroke-width="3"/><line x1="38" y1="30" x2="38" y2="110" stroke="${METAL_DARK}" stroke-width="10"/><rect x="-20" y="-60" width="40" height="50" rx="8" fill="${METAL_DARK}"/></g>`;
}

function stitch(d: string, colour: string): string {
    return `<path d="${d}" fill="none" stroke="${colour}" stroke-width="4" stroke-dasharray="14 10" opacity="0.7"/>`;
}

function strap(d: string, c: string, width = 70): string {
    return `<path d="${d}" fill="none" stroke="${shade(c, -0.25)}" stroke-width="${width + 8}" stroke-linecap="round" stroke-linejoin="round"/><path d="${d}" fill="none" stroke="${c}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>${stitch(d, shade(c, 0.55))}`;
}

/** The product silhouette for a shape, centred around (600, 540). */
function drawShape(shape: Shape, c: string): string {
    const light = shade(c, 0.45);
    const dark = shade(c, -0.3);
    switch (shape) {
        case 'harness-guard':
            return [
                strap('M 330 300 C 330 180 870 180 870 300 C 870 420 330 420 330 300 Z', c),
                strap('M 300 650 C 300 520 900 520 900 650 C 900 800 300 800 300 650 Z', c),
                strap('M 600 390 L 600 560', c),
                strap('M 600 760 L 600 860', c),
                buckle(340, 300),
                buckle(880, 650),
                ring(600, 470),
                `<rect x="520" y="520" width="160" height="60" rx="26" fill="${dark}"/>`,
            ].join('');
        case 'harness-y':
            return [
                strap('M 360 260 C 360 160 840 160 840 260 L 600 560 Z', c),
                strap('M 600 560 L 600 860', c),
                strap('M 280 700 C 280 560 920 560 920 700 C 920 860 280 860 280 700 Z', c),
                `<path d="M 520 520 L 680 520 L 640 620 L 560 620 Z" fill="${light}" stroke="${dark}" stroke-width="6"/>`,
                buckle(290, 700),
                buckle(910, 700),
                ring(600, 330, 38),
            ].join('');
        case 'collar':
            return [
                `<ellipse cx="600" cy="540" rx="340" ry="250" fill="none" stroke="${dark}" stroke-width="98"/>`,
                `<ellipse cx="600" cy="540" rx="340" ry="250" fill="none" stroke="${c}" stroke-width="90"/>`,
                stitch('M 260 540 A 340 250 0 1 0 940 540 A 340 250 0 1 0 260 540', light),
                buckle(600, 790, 150, 100),
                ring(600, 290, 52),
            ].join('');
        case 'collar-chain': {
            const links = Array.from({ length: 9 }, (_, i) => {
                const a = Math.PI * (1.15 + (i / 8) * 0.7);
                return `<ellipse cx="${600 + Math.cos(a) * 300}" cy="${330 + Math.sin(a) * 120}" rx="30" ry="18" transform="rotate(${(a * 180) / Math.PI + 90} ${600 + Math.cos(a) * 300} ${330 + Math.sin(a) * 120})" fill="none" stroke="${METAL}" stroke-width="10"/>`;
            }).join('');
            return [
                `<path d="M 330 330 C 200 420 200 780 600 800 C 1000 780 1000 420 870 330" fill="none" stroke="${dark}" stroke-width="98"/>`,
                `<path d="M 330 330 C 200 420 200 780 600 800 C 1000 780 1000 420 870 330" fill="none" stroke="${c}" stroke-width="90"/>`,
                stitch('M 330 330 C 200 420 200 780 600 800 C 1000 780 1000 420 870 330', light),
                links,
                ring(330, 330, 46),
                ring(870, 330, 46),
                ring(600, 210, 40),
            ].join('');
        }
        case 'leash':
            return [
                strap('M 380 250 C 240 250 240 420 380 420 C 520 420 520 250 380 250 Z', c, 56),
                strap('M 440 420 C 560 620 760 560 800 780', c, 56),
                carabiner(810, 800, 1.1),
            ].join('');
        case 'leash-long':
            return [
                ...[0, 1, 2, 3].map(
                    i =>
                        `<ellipse cx="560" cy="${520 + i * 14}" rx="${300 - i * 40}" ry="${210 - i * 26}" fill="none" stroke="${dark}" stroke-width="46"/><ellipse cx="560" cy="${520 + i * 14}" rx="${300 - i * 40}" ry="${210 - i * 26}" fill="none" stroke="${c}" stroke-width="40"/>`,
                ),
                strap('M 860 560 C 920 640 900 720 880 760', c, 40),
                carabiner(880, 780, 1),
            ].join('');
        case 'carabiner':
            return [
                carabiner(600, 420, 2.6),
                `<rect x="540" y="220" width="120" height="60" rx="20" fill="${c}"/>`,
                strap('M 600 200 L 600 120', c, 50),
            ].join('');
        case 'car-belt':
            return [
                strap('M 260 700 C 420 560 620 560 860 480', c, 64),
                `<rect x="160" y="660" width="150" height="90" rx="14" fill="#333"/><rect x="120" y="690" width="60" height="30" rx="6" fill="${METAL}"/>`,
                `<rect x="640" y="520" width="80" height="70" rx="20" fill="${dark}"/>`,
                carabiner(900, 480, 1.1),
            ].join('');
        case 'bag-cover':
            return [
                `<rect x="380" y="320" width="440" height="520" rx="120" fill="${c}" stroke="${dark}" stroke-width="10"/>`,
                stitch('M 420 380 L 420 780 M 780 380 L 780 780', light),
                `<circle cx="600" cy="720" r="60" fill="${dark}"/><circle cx="600" cy="720" r="36" fill="#e9e3d8"/>`,
                `<rect x="470" y="420" width="260" height="70" rx="20" fill="${light}"/>`,
                ring(600, 270, 46),
            ].join('');
        case 'bags':
            return [0, 1, 2]
                .map(i => {
                    const x = 360 + i * 240;
                    return `<rect x="${x - 100}" y="400" width="200" height="300" rx="24" fill="${c}" stroke="${dark}" stroke-width="8"/><ellipse cx="${x}" cy="400" rx="100" ry="40" fill="${light}" stroke="${dark}" stroke-width="8"/><ellipse cx="${x}" cy="400" rx="34" ry="14" fill="#fff"/><path d="M ${x - 60} 700 q 60 90 140 60" fill="none" stroke="${light}" stroke-width="18"/>`;
                })
                .join('');
        case 'tag':
            return [
                `<path d="M 380 420 a 90 90 0 1 1 90 -90 h 260 a 90 90 0 1 1 90 90 v 200 a 90 90 0 1 1 -90 90 h -260 a 90 90 0 1 1 -90 -90 Z" fill="${c}" stroke="${dark}" stroke-width="10"/>`,
                `<text x="600" y="560" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="110" text-anchor="middle" fill="${dark}">REKS</text>`,
                ring(600, 240, 50),
            ].join('');
        case 'light':
            return [
                `<circle cx="600" cy="560" r="300" fill="${light}" opacity="0.45"/>`,
                `<circle cx="600" cy="560" r="200" fill="${light}" opacity="0.6"/>`,
                `<rect x="520" y="400" width="160" height="320" rx="70" fill="${c}" stroke="${dark}" stroke-width="10"/>`,
                `<circle cx="600" cy="520" r="40" fill="#fff" opacity="0.85"/>`,
                ring(600, 360, 40),
            ].join('');
        case 'pocket':
        case 'pouch':
            return [
                `<path d="M 360 380 L 840 380 L 800 820 Q 600 880 400 820 Z" fill="${c}" stroke="${dark}" stroke-width="10"/>`,
                `<path d="M 360 380 Q 600 300 840 380 L 840 470 Q 600 400 360 470 Z" fill="${dark}"/>`,
                stitch('M 410 520 L 790 520', light),
                `<rect x="560" y="240" width="80" height="150" rx="20" fill="${METAL_DARK}"/>`,
                shape === 'pocket' ? ring(600, 230, 40) : `<circle cx="600" cy="660" r="40" fill="${light}"/>`,
            ].join('');
        case 'patch':
            return [
                `<rect x="300" y="400" width="600" height="280" rx="60" fill="${c}" stroke="${dark}" stroke-width="12"/>`,
                stitch('M 330 430 H 870 V 650 H 330 Z', light),
                `<text x="600" y="580" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="120" text-anchor="middle" fill="#fff">BURKA</text>`,
            ].join('');
        case 'backpack':
            return [
                strap('M 340 330 C 460 260 740 260 860 330', c, 60),
                `<rect x="230" y="380" width="300" height="360" rx="60" fill="${c}" stroke="${dark}" stroke-width="10"/>`,
                `<rect x="670" y="380" width="300" height="360" rx="60" fill="${c}" stroke="${dark}" stroke-width="10"/>`,
                `<rect x="270" y="420" width="220" height="100" rx="30" fill="${light}"/><rect x="710" y="420" width="220" height="100" rx="30" fill="${light}"/>`,
            ].join('');
        case 'set':
            return [
                `<g transform="translate(-150 40) scale(0.75)">${drawShape('harness-guard', c)}</g>`,
                `<g transform="translate(430 140) scale(0.55)">${drawShape('leash', c)}</g>`,
            ].join('');
        case 'mat':
            return [
                `<rect x="200" y="320" width="800" height="480" rx="90" fill="${c}" stroke="${dark}" stroke-width="12"/>`,
                ...[1, 2, 3].map(
                    i =>
                        `<line x1="${200 + i * 200}" y1="340" x2="${200 + i * 200}" y2="780" stroke="${light}" stroke-width="8" stroke-dasharray="20 14"/>`,
                ),
                `<line x1="220" y1="560" x2="980" y2="560" stroke="${light}" stroke-width="8" stroke-dasharray="20 14"/>`,
            ].join('');
        case 'treat':
            return [
                [340, 520, -20],
                [560, 420, 15],
                [780, 540, -8],
                [470, 700, 30],
                [720, 720, -35],
            ]
                .map(
                    ([x, y, r]) =>
                        `<g transform="translate(${x} ${y}) rotate(${r})"><path d="M -120 -40 C -60 -80 60 -20 120 -50 C 140 0 110 40 120 60 C 40 90 -60 30 -120 60 C -140 20 -110 -10 -120 -40 Z" fill="${c}" stroke="${dark}" stroke-width="8"/><path d="M -80 0 C -20 -20 20 20 80 0" fill="none" stroke="${light}" stroke-width="8"/></g>`,
                )
                .join('');
        case 'ball':
            return [
                `<circle cx="600" cy="540" r="270" fill="${c}" stroke="${dark}" stroke-width="12"/>`,
                `<path d="M 380 380 C 520 480 520 620 380 720" fill="none" stroke="${light}" stroke-width="22"/>`,
                `<path d="M 820 380 C 680 480 680 620 820 720" fill="none" stroke="${light}" stroke-width="22"/>`,
                `<circle cx="510" cy="420" r="46" fill="#fff" opacity="0.35"/>`,
            ].join('');
        case 'rope':
            return [
                strap('M 260 560 C 420 380 780 740 940 540', c, 90),
                ...[0, 1, 2, 3, 4, 5, 6].map(
                    i =>
                        `<line x1="${310 + i * 95}" y1="${470 + (i % 2) * 40}" x2="${350 + i * 95}" y2="${610 - (i % 2) * 40}" stroke="${light}" stroke-width="10"/>`,
                ),
                `<circle cx="250" cy="570" r="90" fill="${dark}"/><circle cx="950" cy="530" r="90" fill="${dark}"/>`,
            ].join('');
        case 'bone':
            return `<path d="M 330 470 a 90 90 0 1 1 100 -90 l 340 0 a 90 90 0 1 1 100 90 a 90 90 0 1 1 -100 90 l -340 0 a 90 90 0 1 1 -100 -90 Z" fill="${c}" stroke="${dark}" stroke-width="12" transform="translate(0 80)"/>`;
        case 'waist-bag':
            return [
                strap('M 160 520 C 300 440 900 440 1040 520', dark, 50),
                `<path d="M 300 500 Q 600 380 900 500 Q 920 760 600 800 Q 280 760 300 500 Z" fill="${c}" stroke="${dark}" stroke-width="12"/>`,
                `<path d="M 330 560 Q 600 470 870 560" fill="none" stroke="${METAL_DARK}" stroke-width="12"/>`,
                `<rect x="520" y="600" width="160" height="60" rx="20" fill="${light}"/>`,
            ].join('');
        case 'sock':
            return [
                `<path d="M 480 200 L 720 200 L 720 640 Q 720 720 800 760 L 880 800 Q 960 860 900 920 Q 860 960 760 930 L 520 840 Q 460 810 470 740 Z" fill="${c}" stroke="${dark}" stroke-width="12"/>`,
                `<rect x="470" y="190" width="260" height="80" rx="12" fill="${dark}"/>`,
                ...[
                    [560, 380],
                    [650, 500],
                    [570, 620],
                    [700, 800],
                ].map(([x, y]) => paw(x, y, 0.45, light)),
            ].join('');
        case 'mug':
            return [
                `<path d="M 380 340 L 780 340 L 750 840 Q 580 880 410 840 Z" fill="${c}" stroke="${dark}" stroke-width="12"/>`,
                `<path d="M 770 440 C 920 440 920 680 760 680" fill="none" stroke="${c}" stroke-width="50"/>`,
                `<rect x="360" y="300" width="440" height="60" rx="20" fill="${dark}"/>`,
                paw(580, 600, 0.9, light),
            ].join('');
        case 'band':
            return [
                `<ellipse cx="600" cy="560" rx="320" ry="120" fill="none" stroke="${dark}" stroke-width="118"/>`,
                `<ellipse cx="600" cy="560" rx="320" ry="120" fill="none" stroke="${c}" stroke-width="110"/>`,
                `<ellipse cx="600" cy="560" rx="320" ry="120" fill="none" stroke="#fff" stroke-width="12" opacity="0.7" stroke-dasharray="60 30"/>`,
            ].join('');
    }
}

function paw(x: number, y: number, s: number, fill: string): string {
    return `<g transform="translate(${x} ${y}) scale(${s})" fill="${fill}"><ellipse cx="0" cy="30" rx="60" ry="50"/><ellipse cx="-70" cy="-40" rx="24" ry="32"/><ellipse cx="-25" cy="-75" rx="24" ry="32"/><ellipse cx="25" cy="-75" rx="24" ry="32"/><ellipse cx="70" cy="-40" rx="24" ry="32"/></g>`;
}

function wrapName(name: string): string[] {
    if (name.length <= 30) return [name];
    const words = name.split(' ');
    const lines: string[] = [''];
    for (const w of words) {
        const current = lines[lines.length - 1];
        if ((current + ' ' + w).trim().length > 30 && current) lines.push(w);
        else lines[lines.length - 1] = (current + ' ' + w).trim();
    }
    return lines.slice(0, 2);
}

export type ImageKind = 'main' | 'detail' | 'lifestyle';

/** The SVG of one picture. */
export function productSvg(p: Pick<ProductDef, 'name' | 'shape'>, colourCode: string, kind: ImageKind): string {
    const colour = COLOURS[colourCode] ?? COLOURS.czarny;
    const c = colour.hex;
    const nameLines = wrapName(p.name);
    const caption = nameLines
        .map(
            (line, i) =>
                `<text x="600" y="${1010 + i * 62 - (nameLines.length - 1) * 31}" font-family="DejaVu Sans, sans-serif" font-size="52" font-weight="bold" text-anchor="middle" fill="#2a2a2a">${escapeXml(line)}</text>`,
        )
        .join('');
    const brand = `<text x="70" y="110" font-family="DejaVu Sans, sans-serif" font-size="44" font-weight="bold" fill="#139a9a">psiaki</text>${paw(300, 88, 0.3, '#139a9a')}`;
    const colourLabel = `<text x="1130" y="110" font-family="DejaVu Sans, sans-serif" font-size="38" text-anchor="end" fill="#555">${escapeXml(colour.name)}</text>`;
    let body: string;
    let bg: string;
    if (kind === 'main') {
        bg = `<rect width="${SIZE}" height="${SIZE}" fill="#f6f2eb"/><ellipse cx="600" cy="900" rx="380" ry="40" fill="#000" opacity="0.06"/>`;
        body = drawShape(p.shape, c);
    } else if (kind === 'detail') {
        // close-up: the tape / material with stitching and a buckle
        const stripes = Array.from(
            { length: 8 },
            (_, i) => `<rect x="-400" y="${i * 160}" width="2000" height="120" fill="${i % 2 ? shade(c, -0.12) : c}"/>`,
        ).join('');
        bg = `<rect width="${SIZE}" height="${SIZE}" fill="${shade(c, 0.7)}"/>`;
        body = `<g transform="rotate(-18 600 600)">${stripes}${Array.from({ length: 8 }, (_, i) => `<line x1="-400" y1="${i * 160 + 14}" x2="1600" y2="${i * 160 + 14}" stroke="${shade(c, 0.6)}" stroke-width="5" stroke-dasharray="18 12"/><line x1="-400" y1="${i * 160 + 106}" x2="1600" y2="${i * 160 + 106}" stroke="${shade(c, 0.6)}" stroke-width="5" stroke-dasharray="18 12"/>`).join('')}</g><rect x="0" y="900" width="1200" height="300" fill="#f6f2eb" opacity="0.92"/>${buckle(600, 520, 300, 200)}`;
    } else {
        const paws = Array.from({ length: 12 }, (_, i) =>
            paw(120 + (i % 4) * 320 + ((i >> 2) % 2) * 140, 230 + Math.floor(i / 4) * 250, 0.5, shade(c, 0.78)),
        ).join('');
        bg = `<rect width="${SIZE}" height="${SIZE}" fill="${shade(c, 0.88)}"/>${paws}`;
        body = `<g transform="translate(120 90) scale(0.8)">${drawShape(p.shape, c)}</g><text x="600" y="900" font-family="DejaVu Sans, sans-serif" font-size="40" text-anchor="middle" fill="#555">Szyte z pasją w Polsce</text>`;
    }
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">${bg}${body}${brand}${colourLabel}${caption}</svg>`;
}

export interface ProductImages {
    /** file names (relative to the output dir), the first is the featured asset */
    files: string[];
    /** colour code → file name of that colour's main picture */
    byColour: Record<string, string>;
}

/** The pictures of a product: one main picture per colour, then a detail and a lifestyle picture. */
export function plannedImages(p: ProductDef): Array<{ file: string; colour: string; kind: ImageKind }> {
    const list = p.colours.map(colour => ({ file: `${p.slug}-${colour}.jpg`, colour, kind: 'main' as ImageKind }));
    list.push({ file: `${p.slug}-detal.jpg`, colour: p.colours[0], kind: 'detail' });
    list.push({ file: `${p.slug}-na-spacerze.jpg`, colour: p.colours[p.colours.length > 1 ? 1 : 0], kind: 'lifestyle' });
    return list;
}

/** Renders all pictures of the given products into `outDir`, two at a time. */
export async function renderProductImages(products: ProductDef[], outDir: string): Promise<Map<number, ProductImages>> {
    fs.mkdirSync(outDir, { recursive: true });
    const jobs: Array<() => Promise<void>> = [];
    const result = new Map<number, ProductImages>();
    for (const p of products) {
        const planned = plannedImages(p);
        const images: ProductImages = { files: planned.map(x => x.file), byColour: {} };
        for (const x of planned) {
            if (x.kind === 'main') images.byColour[x.colour] = x.file;
            jobs.push(async () => {
                await sharp(Buffer.from(productSvg(p, x.colour, x.kind)))
                    .jpeg({ quality: 80, mozjpeg: false })
                    .toFile(path.join(outDir, x.file));
            });
        }
        result.set(p.id, images);
    }
    let next = 0;
    const worker = async () => {
        while (next < jobs.length) {
            const job = jobs[next++];
            await job();
        }
    };
    await Promise.all([worker(), worker(), worker()]);
    return result;
}
