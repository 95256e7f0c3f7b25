/**
 * Priced extras of personalised products (spec §5 and §9), as pure rules.
 *
 * Which extras a variant offers depends on the collection it sits in (harness / collar / leash /
 * car belt, i.e. the parent collection) and its tape type (facet `rodzaj-tasmy`); some prices
 * depend on the tape width (option group `szerokosc-tasmy`) or the size (`rozmiar`). The same
 * rules feed the Shop API (`ProductVariant.extras`, what the product page shows), the order-line
 * price strategy (what the cart charges) and the order interceptor (what is refused).
 *
 * | extra (order-line field)                      | offered on                                   | price (gross)        |
 * |-----------------------------------------------|----------------------------------------------|----------------------|
 * | podszycie (tak/polar/softshell)               | guard + Pro-Fit harnesses, collars; not on    | 20 zł harnesses,     |
 * |                                               | softshell, biothane or leather tape          | 10 zł collars        |
 * | kolorOkuc = czarny (srebrny is free)          | harnesses, collars, leashes, car belts       | 10 zł                |
 * | odblaski = tak                                | harnesses, collars, leashes; not on          | 15/20/25/40 mm:      |
 * |                                               | reflective tape                              | 5/10/15/20 zł; no    |
 * |                                               |                                              | width: XS 5, S–M 10, |
 * |                                               |                                              | L 15, XL 20 zł       |
 * | raczka = tak                                  | leashes 5 zł; guard and Pro-Active 10 zł      | 5 or 10 zł           |
 * | dopasowanieRozmiaru / customObwodSzyi /       | harnesses (neck + chest), collars (neck)      | 10 zł once           |
 * | customObwodKlatki                             |                                              |                      |
 * | dodatkowyMetr (1–20)                          | leashes (miejskie, przepinane, treningowe)   | 10 zł per metre      |
 */

export interface VariantFacts {
    /** slugs of every collection the variant is in (leaf and ancestors) */
    collectionSlugs: string[];
    /** value code of the `rodzaj-tasmy` facet (nylon, odblaskowa, softshell, biothane, zakard, skora) */
    tape?: string;
    /** tape width in mm from the `szerokosc-tasmy` option */
    widthMm?: number;
    /** `rozmiar` option code (xs, s, m, l, xl) */
    size?: string;
    /** the product's colours (facet `kolor`): what each configurator part may be dressed in */
    colours?: Array<{ code: string; name: string }>;
}

export interface ExtraOption {
    value: string;
    label: string;
    price: number;
}

export interface ExtraOffer {
    /** the order-line custom field that carries the choice */
    field: string;
    label: string;
    type: 'string' | 'int' | 'boolean';
    /** gross price in grosze: of the paid choice; per unit for dodatkowyMetr */
    price: number;
    /** allowed values of a string field, each with its price (0 = free) */
    options: ExtraOption[];
    min?: number;
    max?: number;
    unit?: string;
    /** extras of one charge group are charged once together (size adjustment) */
    chargeGroup?: string;
}

type Kind = 'guard' | 'pro-fit' | 'pro-active' | 'collar' | 'leash' | 'car-belt' | 'other';

const LEASH_COLLECTIONS = ['smycze-miejskie', 'smycze-przepinane', 'smycze-treningowe'];

export function kindOf(facts: VariantFacts): Kind {
    const has = (slug: string) => facts.collectionSlugs.includes(slug);
    if (has('szelki-typu-guard')) return 'guard';
    if (has('szelki-bezuciskowe-pro-fit')) return 'pro-fit';
    if (has('szelki-bezuciskowe-pro-active')) return 'pro-active';
    if (has('obroze')) return 'collar';
    if (LEASH_COLLECTIONS.some(has)) return 'leash';
    if (has('pasy-do-samochodu')) return 'car-belt';
    return 'other';
}

function reflectorPrice(facts: VariantFacts): number {
    if (facts.widthMm) return facts.widthMm <= 15 ? 500 : facts.widthMm <= 20 ? 1000 : facts.widthMm <= 25 ? 1500 : 2000;
    switch (facts.size) {
        case 'xs':
            return 500;
        case 'l':
            return 1500;
        case 'xl':
            return 2000;
        default:
            return 1000;
    }
}

/** The extras a variant offers, with the prices the backend charges. */
export function offeredExtras(facts: VariantFacts): ExtraOffer[] {
    const kind = kindOf(facts);
    if (kind === 'other') return [];
    const harness = kind === 'guard' || kind === 'pro-fit' || kind === 'pro-active';
    const offers: ExtraOffer[] = [];
    const liningTape = !['softshell', 'biothane', 'skora'].includes(facts.tape ?? '');
    if (liningTape && (kind === 'guard' || kind === 'pro-fit' || kind === 'collar')) {
        const price = kind === 'collar' ? 1000 : 2000;
        offers.push({
            field: 'podszycie',
            label: 'Podszycie z pianki',
            type: 'string',
            price,
            options: [
                { value: 'tak', label: 'Podszycie', price },
                { value: 'polar', label: 'Podszycie polarowe', price },
                { value: 'softshell', label: 'Podszycie softshell', price },
            ],
        });
    }
    offers.push({
        field: 'kolorOkuc',
        label: 'Kolor okuć',
        type: 'string',
        price: 1000,
        options: [
            { value: 'srebrny', label: 'Srebrne', price: 0 },
            { value: 'czarny', label: 'Czarne', price: 1000 },
        ],
    });
    if ((harness || kind === 'collar' || kind === 'leash') && facts.tape !== 'odblaskowa') {
        const price = reflectorPrice(facts);
        offers.push({
            field: 'odblaski',
            label: 'Odblaski',
            type: 'string',
            price,
            options: [{ value: 'tak', label: 'Z odblaskami', price }],
        });
    }
    if (kind === 'leash' || kind === 'guard' || kind === 'pro-active') {
        const price = kind === 'leash' ? 500 : 1000;
        offers.push({
            field: 'raczka',
            label: 'Dodatkowa rączka',
            type: 'string',
            price,
            options: [{ value: 'tak', label: 'Z dodatkową rączką', price }],
        });
    }
    if (harness || kind === 'collar') {
        offers.push({
            field: 'dopasowanieRozmiaru',
            label: 'Dopasowanie rozmiaru',
            type: 'boolean',
            price: 1000,
            options: [],
            chargeGroup: 'dopasowanie',
        });
        offers.push({
            field: 'customObwodSzyi',
            label: 'Obwód szyi',
            type: 'int',
            price: 1000,
            options: [],
            min: 20,
            max: 90,
            unit: 'cm',
            chargeGroup: 'dopasowanie',
        });
        if (harness) {
            offers.push({
                field: 'customObwodKlatki',
                label: 'Obwód klatki piersiowej',
                type: 'int',
                price: 1000,
                options: [],
                min: 20,
                max: 130,
                unit: 'cm',
                chargeGroup: 'dopasowanie',
            });
        }
    }
    if (kind === 'leash') {
        offers.push({
            field: 'dodatkowyMetr',
            label: 'Dodatkowa długość',
            type: 'int',
            price: 1000,
            options: [],
            min: 0,
            max: 20,
            unit: 'm',
        });
    }
    return offers;
}

export const EXTRA_FIELDS = [
    'podszycie',
    'kolorOkuc',
    'odblaski',
    'raczka',
    'dopasowanieRozmiaru',
    'customObwodSzyi',
    'customObwodKlatki',
    'dodatkowyMetr',
] as const;

const LABELS: Record<string, string> = {
    podszycie: 'podszycie',
    kolorOkuc: 'czarne okucia',
    odblaski: 'odblaski',
    raczka: 'dodatkowa rączka',
    dopasowanieRozmiaru: 'dopasowanie rozmiaru',
    customObwodSzyi: 'obwód szyi na wymiar',
    customObwodKlatki: 'obwód klatki piersiowej na wymiar',
    dodatkowyMetr: 'dodatkowa długość',
};

/** Whether a line field carries a chosen (non-default) extra. Whole numbers count only above 0. */
function chosen(field: string, value: unknown): boolean {
    if (value === null || value === undefined || value === '' || value === false) return false;
    if (field === 'kolorOkuc') return value !== 'srebrny';
    if (typeof value === 'number') return value > 0;
    return true;
}

/**
 * Prices the extras chosen on an order line. `refused` lists the Polish reasons for choices the
 * variant does not offer (the interceptor refuses the line; the strategy never charges them).
 */
export function priceExtras(offers: ExtraOffer[], customFields: Record<string, unknown> | undefined): { total: number; refused: string[] } {
    let total = 0;
    const refused: string[] = [];
    const groupsCharged = new Set<string>();
    for (const field of EXTRA_FIELDS) {
        const value = customFields?.[field];
        if (!chosen(field, value)) continue;
        const offer = offers.find(o => o.field === field);
        if (!offer) {
            refused.push(`Dodatek „${LABELS[field]}” nie jest dostępny dla tego produktu.`);
            continue;
        }
        if (offer.type === 'string') {
            const option = offer.options.find(o => o.value === value);
            if (!option) {
                refused.push(`Nieprawidłowa wartość dodatku „${LABELS[field]}”.`);
                continue;
            }
            total += option.price;
        } else if (offer.chargeGroup) {
            if (!groupsCharged.has(offer.chargeGroup)) {
                groupsCharged.add(offer.chargeGroup);
                total += offer.price;
            }
        } else if (offer.type === 'int') {
            total += offer.price * Number(value);
        } else {
            total += offer.price;
        }
    }
    return { total, refused };
}

// ---------------------------------------------------------------------------------------------
// Harness configurators (Pro-Fit Studio): colours per part (spec §3 `configurator` JSON)
// ---------------------------------------------------------------------------------------------

export interface ConfiguratorPart {
    /** key in the configurator JSON */
    key: string;
    /** Polish name the shopper reads */
    label: string;
}

export interface ConfiguratorOffer {
    /** `guard` (/pro-fit-studio/guard) or `bezuciski` (/pro-fit-studio/bezuciski) */
    type: 'guard' | 'bezuciski';
    parts: ConfiguratorPart[];
    /** the colours every part may take: the product's `kolor` facet values */
    colours: Array<{ code: string; name: string }>;
}

/** The parts of each configurable harness, in the order the configurator shows them. */
export const CONFIGURATOR_PARTS: Readonly<Record<ConfiguratorOffer['type'], readonly ConfiguratorPart[]>> = {
    guard: [
        { key: 'szyja', label: 'Pas szyjny' },
        { key: 'klatka', label: 'Pas piersiowy' },
        { key: 'lacznik', label: 'Łącznik' },
    ],
    bezuciski: [
        { key: 'szyja', label: 'Pas szyjny' },
        { key: 'klatka', label: 'Pas piersiowy' },
        { key: 'grzbiet', label: 'Pas grzbietowy' },
    ],
};

/** The configurator a variant offers: guard and Pro-Fit harnesses with at least one colour, else null. */
export function configuratorOffer(facts: VariantFacts): ConfiguratorOffer | null {
    const kind = kindOf(facts);
    const type = kind === 'guard' ? 'guard' : kind === 'pro-fit' ? 'bezuciski' : null;
    if (!type || !facts.colours?.length) return null;
    return { type, parts: CONFIGURATOR_PARTS[type].map(p => ({ ...p })), colours: facts.colours.map(c => ({ ...c })) };
}

const IMAGE_URL = /^(https?:\/\/|\/)[^\s"'<>\\]{0,500}$/;

/**
 * Checks the `configurator` JSON of an order line against what the product offers; returns the
 * Polish reasons to refuse it (empty = fine). A configurator must name a colour the product has
 * for every part of its harness and nothing else, the hardware colour of the line (so the JSON
 * cannot show black hardware on a line charged for silver) and, as `imageurl`, one of the
 * product's own pictures or nothing.
 *
 * @param hardware the line's `kolorOkuc` field (empty = silver, the default)
 * @param imagePaths the product's asset paths as stored (`preview/…`, `source/…`)
 */
export function checkConfigurator(
    offer: ConfiguratorOffer | null,
    json: string,
    hardware: unknown,
    imagePaths: readonly string[],
): string[] {
    let value: unknown;
    try {
        value = JSON.parse(json);
    } catch {
        return ['Nieprawidłowy zapis konfiguracji szelek.'];
    }
    if (!value || typeof value !== 'object' || Array.isArray(value)) return ['Nieprawidłowy zapis konfiguracji szelek.'];
    if (!offer) return ['Tego produktu nie można skonfigurować w Pro-Fit Studio.'];
    const config = value as Record<string, unknown>;
    const refused: string[] = [];
    const colour = (code: unknown) => offer.colours.find(c => c.code === code);
    for (const part of offer.parts) {
        const chosen = config[part.key];
        if (chosen === undefined || chosen === null || chosen === '') refused.push(`Wybierz kolor części „${part.label}”.`);
        else if (!colour(chosen))
            refused.push(`Kolor „${String(chosen).slice(0, 40)}” nie jest dostępny dla części „${part.label}” tego produktu.`);
    }
    for (const key of Object.keys(config)) {
        if (key !== 'kolorOkuc' && key !== 'imageurl' && !offer.parts.some(p => p.key === key))
            refused.push(`Ten produkt nie ma części „${key.slice(0, 40)}”.`);
    }
    const lineHardware = typeof hardware === 'string' && hardware ? hardware : 'srebrny';
    if (config.kolorOkuc === undefined || config.kolorOkuc === '') refused.push('Wybierz kolor okuć.');
    else if (config.kolorOkuc !== lineHardware) refused.push('Kolor okuć w konfiguracji nie zgadza się z kolorem okuć zamówienia.');
    const image = config.imageurl;
    if (image !== undefined && image !== '') {
        const ok = typeof image === 'string' && IMAGE_URL.test(image) && imagePaths.some(path => image.split('?')[0]!.endsWith(`/${path}`));
        if (!ok) refused.push('Nieprawidłowe zdjęcie konfiguracji.');
    }
    return refused;
}
