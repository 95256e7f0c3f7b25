/**
 * The seeded catalogue: collection tree and products, in a FIXED order.
 *
 * Product ids in the database are 1..N in the order of `PRODUCTS` below (the seed creates them in this
 * order into an empty database). Other people link `/p/{id}/{slug}` from the redirect table, so:
 * never reorder, never insert in the middle and never change a slug without regenerating
 * `backend/seed/products.json` (`npm run backend:products-json` or `node backend/dist/seed/write-products-json.js`)
 * and telling the redirect author. Append new products at the end.
 *
 * Everything here is plain data plus deterministic helpers (no Math.random, no clock), so the same
 * source always yields the same catalogue. Prices are PLN grosze, gross (the channel has
 * pricesIncludeTax = true).
 */

export interface ColourDef {
    /** ASCII code used for option codes and facet value codes */
    code: string;
    /** Polish name shown to the shopper */
    name: string;
    hex: string;
}

export const COLOURS: Record<string, ColourDef> = {
    czarny: { code: 'czarny', name: 'Czarny', hex: '#222326' },
    grafitowy: { code: 'grafitowy', name: 'Grafitowy', hex: '#4a5058' },
    szary: { code: 'szary', name: 'Szary', hex: '#9aa1a8' },
    czerwony: { code: 'czerwony', name: 'Czerwony', hex: '#c62f2f' },
    bordowy: { code: 'bordowy', name: 'Bordowy', hex: '#7b1f33' },
    rozowy: { code: 'rozowy', name: 'Różowy', hex: '#e889a8' },
    pomaranczowy: { code: 'pomaranczowy', name: 'Pomarańczowy', hex: '#ee7d22' },
    zolty: { code: 'zolty', name: 'Żółty', hex: '#f2c230' },
    zielony: { code: 'zielony', name: 'Zielony', hex: '#2e7d4f' },
    oliwkowy: { code: 'oliwkowy', name: 'Oliwkowy', hex: '#6b7a3a' },
    mietowy: { code: 'mietowy', name: 'Miętowy', hex: '#7fd1b9' },
    turkusowy: { code: 'turkusowy', name: 'Turkusowy', hex: '#139a9a' },
    niebieski: { code: 'niebieski', name: 'Niebieski', hex: '#2a6fd6' },
    granatowy: { code: 'granatowy', name: 'Granatowy', hex: '#1f2d4d' },
    fioletowy: { code: 'fioletowy', name: 'Fioletowy', hex: '#6a3fa0' },
    brazowy: { code: 'brazowy', name: 'Brązowy', hex: '#7a4a2a' },
    bezowy: { code: 'bezowy', name: 'Beżowy', hex: '#d4bd97' },
    srebrny: { code: 'srebrny', name: 'Srebrny', hex: '#b5bcc4' },
    zloty: { code: 'zloty', name: 'Złoty', hex: '#c9a13b' },
};

/** Tape / material type. It decides which extras a product offers (phase 2) and the care text. */
export type Tape = 'nylon' | 'odblaskowa' | 'softshell' | 'biothane' | 'zakard' | 'skora' | 'brak';

export const TAPE_NAMES: Record<Tape, string> = {
    nylon: 'taśma nylonowa',
    odblaskowa: 'taśma odblaskowa',
    softshell: 'taśma z podszyciem softshell',
    biothane: 'taśma biothane',
    zakard: 'taśma żakardowa',
    skora: 'skóra naturalna',
    brak: 'brak taśmy',
};

/** Drawing used for the generated product pictures. */
export type Shape =
    | 'harness-guard'
    | 'harness-y'
    | 'collar'
    | 'collar-chain'
    | 'leash'
    | 'leash-long'
    | 'carabiner'
    | 'car-belt'
    | 'bag-cover'
    | 'bags'
    | 'tag'
    | 'light'
    | 'pocket'
    | 'patch'
    | 'backpack'
    | 'set'
    | 'mat'
    | 'treat'
    | 'ball'
    | 'rope'
    | 'bone'
    | 'pouch'
    | 'waist-bag'
    | 'sock'
    | 'mug'
    | 'band';

export interface CollectionDef {
    slug: string;
    name: string;
    /** slug of the parent collection; undefined = top level (child of __root_collection__) */
    parent?: string;
    description: string;
}

/**
 * The collection tree. Slugs are unique per channel in Vendure, so the "Dodatki do smyczy" under
 * `dodatki` gets the slug `akcesoria-do-smyczy` (the one under `smycze` keeps `dodatki-do-smyczy`).
 */
export const COLLECTIONS: CollectionDef[] = [
    { slug: 'dla-psa', name: 'Dla psa', description: 'Wszystko dla Twojego psa: szelki, obroże, smycze, legowiska, przysmaki i zabawki.' },
    {
        slug: 'akcesoria',
        name: 'Akcesoria',
        parent: 'dla-psa',
        description: 'Szelki, obroże, smycze i dodatki szyte na miarę w naszej pracowni.',
    },
    {
        slug: 'szelki',
        name: 'Szelki',
        parent: 'akcesoria',
        description: 'Szelki typu guard i szelki bezuciskowe dopasowane do budowy Twojego psa.',
    },
    {
        slug: 'szelki-typu-guard',
        name: 'Szelki typu guard',
        parent: 'szelki',
        description: 'Klasyczne szelki typu guard z regulacją na szyi i klatce piersiowej.',
    },
    {
        slug: 'szelki-bezuciskowe-pro-fit',
        name: 'Szelki bezuciskowe Pro-Fit',
        parent: 'szelki',
        description: 'Szelki bezuciskowe Pro-Fit, które nie uciskają barków i nie ograniczają ruchu łopatek.',
    },
    {
        slug: 'szelki-bezuciskowe-pro-active',
        name: 'Szelki bezuciskowe Pro-Active',
        parent: 'szelki',
        description: 'Sportowe szelki bezuciskowe Pro-Active do biegania, canicrossu i górskich wędrówek.',
    },
    { slug: 'obroze', name: 'Obroże', parent: 'akcesoria', description: 'Obroże z klamrą, półzaciskowe, martingale i ze sprzączką.' },
    {
        slug: 'obroze-z-klamra',
        name: 'Obroże z klamrą',
        parent: 'obroze',
        description: 'Wygodne obroże zapinane na klamrę, z płynną regulacją obwodu.',
    },
    {
        slug: 'obroze-polzaciskowe',
        name: 'Obroże półzaciskowe',
        parent: 'obroze',
        description: 'Obroże półzaciskowe, które delikatnie zaciskają się przy pociągnięciu.',
    },
    {
        slug: 'obroze-martingale',
        name: 'Obroże martingale',
        parent: 'obroze',
        description: 'Szerokie obroże martingale dla chartów i psów o wąskiej głowie.',
    },
    {
        slug: 'obroze-ze-sprzaczka',
        name: 'Obroże ze sprzączką',
        parent: 'obroze',
        description: 'Obroże zapinane na metalową sprzączkę, trwałe i eleganckie.',
    },
    {
        slug: 'smycze',
        name: 'Smycze',
        parent: 'akcesoria',
        description: 'Smycze miejskie, przepinane i treningowe oraz dodatki do smyczy.',
    },
    { slug: 'smycze-miejskie', name: 'Smycze miejskie', parent: 'smycze', description: 'Krótkie smycze na codzienne spacery po mieście.' },
    {
        slug: 'smycze-przepinane',
        name: 'Smycze przepinane',
        parent: 'smycze',
        description: 'Smycze przepinane z regulacją długości, które można nosić przez ramię.',
    },
    {
        slug: 'smycze-treningowe',
        name: 'Smycze treningowe',
        parent: 'smycze',
        description: 'Długie linki treningowe do nauki przywołania i tropienia.',
    },
    {
        slug: 'dodatki-do-smyczy',
        name: 'Dodatki do smyczy',
        parent: 'smycze',
        description: 'Karabińczyki, amortyzatory, uchwyty i łączniki do smyczy.',
    },
    {
        slug: 'dodatki',
        name: 'Dodatki',
        parent: 'akcesoria',
        description: 'Pasy do samochodu, pokrowce na worki, worki na odchody i drobne dodatki.',
    },
    {
        slug: 'pasy-do-samochodu',
        name: 'Pasy do samochodu',
        parent: 'dodatki',
        description: 'Pasy bezpieczeństwa, dzięki którym pies podróżuje bezpiecznie.',
    },
    {
        slug: 'pokrowce-na-worki',
        name: 'Pokrowce na worki',
        parent: 'dodatki',
        description: 'Pokrowce na worki na odchody mocowane do smyczy.',
    },
    { slug: 'worki-na-odchody', name: 'Worki na odchody', parent: 'dodatki', description: 'Mocne i szczelne worki na psie odchody.' },
    { slug: 'dodatki-do-obrozy', name: 'Dodatki do obroży', parent: 'dodatki', description: 'Adresówki, lampki i zawieszki do obroży.' },
    {
        slug: 'akcesoria-do-smyczy',
        name: 'Dodatki do smyczy',
        parent: 'dodatki',
        description: 'Organizery i zawieszki, które przydadzą się na każdej smyczy.',
    },
    {
        slug: 'dodatki-do-szelek',
        name: 'Dodatki do szelek',
        parent: 'dodatki',
        description: 'Naszywki z imieniem, odblaski i torby mocowane do szelek.',
    },
    {
        slug: 'zestawy-promocyjne',
        name: 'Zestawy promocyjne',
        parent: 'akcesoria',
        description: 'Dobrane zestawy w niższej cenie niż osobno.',
    },
    { slug: 'legowiska', name: 'Legowiska', parent: 'dla-psa', description: 'Maty i legowiska dla psów.' },
    { slug: 'maty', name: 'Maty', parent: 'legowiska', description: 'Maty chłodzące, węchowe i podróżne.' },
    { slug: 'przysmaki', name: 'Przysmaki', parent: 'dla-psa', description: 'Naturalne przysmaki dla psów bez zbędnych dodatków.' },
    {
        slug: 'suszone-mieso',
        name: 'Suszone mięso',
        parent: 'przysmaki',
        description: 'Suszone mięso i podroby – jednoskładnikowe gryzaki i nagrody.',
    },
    { slug: 'zabawki', name: 'Zabawki', parent: 'dla-psa', description: 'Piłki, szarpaki i gryzaki do wspólnej zabawy.' },
    { slug: 'dla-czlowieka', name: 'Dla człowieka', description: 'Akcesoria dla opiekunów psów: saszetki, nerki, ubrania i drobiazgi.' },
    {
        slug: 'na-spacer-i-trening',
        name: 'Na spacer i trening',
        parent: 'dla-czlowieka',
        description: 'Saszetki na przysmaki, nerki spacerowe i przydatne drobiazgi.',
    },
    {
        slug: 'saszetki-na-przysmaki',
        name: 'Saszetki na przysmaki',
        parent: 'na-spacer-i-trening',
        description: 'Saszetki na przysmaki do treningu i na spacer.',
    },
    {
        slug: 'nerki-spacerowe',
        name: 'Nerki spacerowe',
        parent: 'na-spacer-i-trening',
        description: 'Pojemne nerki, w których zmieścisz telefon, klucze i worki.',
    },
    {
        slug: 'dodatki-czlowiek',
        name: 'Dodatki',
        parent: 'na-spacer-i-trening',
        description: 'Opaski odblaskowe, breloki i kubki dla psiarzy.',
    },
    { slug: 'ubrania', name: 'Ubrania', parent: 'dla-czlowieka', description: 'Ubrania dla miłośników psów.' },
    { slug: 'skarpetki', name: 'Skarpetki', parent: 'ubrania', description: 'Kolorowe skarpetki w psie wzory.' },
];

export interface OptionDef {
    code: string;
    name: string;
}

export interface OptionGroupDef {
    /** e.g. `szerokosc-tasmy`, `rozmiar`, `kolor`, `dlugosc`, `gramatura` */
    code: string;
    name: string;
    options: OptionDef[];
}

export interface VariantDef {
    sku: string;
    /** option codes, one per option group, in option group order */
    options: string[];
    /** current gross price in grosze */
    price: number;
    /** old price in grosze (only for variants on sale; higher than price) */
    staracena?: number;
    stockOnHand: number;
    /** colour code for this variant's picture (colour option or the product's first colour) */
    colour: string;
}

export interface ProductDef {
    /** database id (1-based position in PRODUCTS) */
    id: number;
    slug: string;
    name: string;
    /** product family, e.g. `guard`, `pro-fit`, `obroza-z-klamra` (used for texts, pictures, extras) */
    family: string;
    /** slug of the leaf collection the product lands in */
    collection: string;
    shape: Shape;
    tape: Tape;
    /** HTML paragraphs */
    description: string;
    optionGroups: OptionGroupDef[];
    variants: VariantDef[];
    /** product-level facet values as `facetCode:valueCode` */
    facets: string[];
    /** colour codes used in the pictures */
    colours: string[];
    /** tax category name (matches the tax rate name) */
    taxCategory: 'VAT 23%' | 'VAT 8%';
    /** how many days before the seed the product was created */
    createdDaysAgo: number;
    /** sale reduction in percent (variants carry staracena) */
    salePercent?: number;
}

// ---------------------------------------------------------------------------------------------
// Option vocabularies
// ---------------------------------------------------------------------------------------------

export const WIDTHS: Record<string, OptionDef> = {
    '15': { code: '15-mm', name: '15 mm' },
    '20': { code: '20-mm', name: '20 mm' },
    '25': { code: '25-mm', name: '25 mm' },
    '40': { code: '40-mm', name: '40 mm' },
};
export const SIZES: Record<string, OptionDef> = {
    xs: { code: 'xs', name: 'XS' },
    s: { code: 's', name: 'S' },
    m: { code: 'm', name: 'M' },
    l: { code: 'l', name: 'L' },
    xl: { code: 'xl', name: 'XL' },
    '35-38': { code: '35-38', name: '35–38' },
    '39-42': { code: '39-42', name: '39–42' },
    '43-46': { code: '43-46', name: '43–46' },
};
export const LENGTHS: Record<string, OptionDef> = {
    '1.5': { code: '1-5-m', name: '1,5 m' },
    '2': { code: '2-m', name: '2 m' },
    '5': { code: '5-m', name: '5 m' },
    '10': { code: '10-m', name: '10 m' },
    '15': { code: '15-m', name: '15 m' },
};
export const WEIGHTS: Record<string, OptionDef> = {
    '50': { code: '50-g', name: '50 g' },
    '100': { code: '100-g', name: '100 g' },
    '200': { code: '200-g', name: '200 g' },
};

const widthGroup = (ws: string[]): OptionGroupDef => ({
    code: 'szerokosc-tasmy',
    name: 'Szerokość taśmy',
    options: ws.map(w => WIDTHS[w]),
});
const sizeGroup = (ss: string[]): OptionGroupDef => ({ code: 'rozmiar', name: 'Rozmiar', options: ss.map(s => SIZES[s]) });
const colourGroup = (cs: string[]): OptionGroupDef => ({
    code: 'kolor',
    name: 'Kolor',
    options: cs.map(c => ({ code: COLOURS[c].code, name: COLOURS[c].name })),
});
const lengthGroup = (ls: string[]): OptionGroupDef => ({ code: 'dlugosc', name: 'Długość', options: ls.map(l => LENGTHS[l]) });
const weightGroup = (ws: string[]): OptionGroupDef => ({ code: 'gramatura', name: 'Gramatura', options: ws.map(w => WEIGHTS[w]) });

// ---------------------------------------------------------------------------------------------
// Family templates: option groups, price steps and texts
// ---------------------------------------------------------------------------------------------

/** What a product row in the tables below says. */
interface Row {
    slug: string;
    name: string;
    /** base gross price in grosze (smallest variant, before a sale) */
    price: number;
    colours: string[];
    tape?: Tape;
    /** one-sentence product-specific pitch (plain text) */
    pitch: string;
    salePercent?: number;
    /** created recently (gets the `nowosc` facet, createdDaysAgo < 30) */
    isNew?: boolean;
    /** override option values for the family template */
    widths?: string[];
    sizes?: string[];
    lengths?: string[];
    weights?: string[];
    /** the whole product is sold out */
    soldOut?: boolean;
}

interface Family {
    family: string;
    collection: string;
    shape: Shape;
    tape: Tape;
    taxCategory?: 'VAT 23%' | 'VAT 8%';
    /** builds the option groups; the price step per option index is in `steps` (grosze), same order */
    groups: (row: Row) => OptionGroupDef[];
    steps: number[];
    intro: string;
    care: string;
}

const FAMILIES: Record<string, Family> = {
    guard: {
        family: 'guard',
        collection: 'szelki-typu-guard',
        shape: 'harness-guard',
        tape: 'nylon',
        groups: r => [widthGroup(r.widths ?? ['20', '25']), sizeGroup(r.sizes ?? ['s', 'm', 'l', 'xl'])],
        steps: [1000, 1000],
        intro: 'Szelki typu guard szyjemy ręcznie w naszej pracowni na podstawie wymiarów Twojego psa. Mają regulację na szyi i na klatce piersiowej, uchwyt na grzbiecie oraz dwa miejsca do wpięcia smyczy.',
        care: 'Szelki można prać ręcznie w letniej wodzie z delikatnym mydłem. Nie suszyć na kaloryferze.',
    },
    'pro-fit': {
        family: 'pro-fit',
        collection: 'szelki-bezuciskowe-pro-fit',
        shape: 'harness-y',
        tape: 'nylon',
        groups: r => [sizeGroup(r.sizes ?? ['xs', 's', 'm', 'l', 'xl']), colourGroup(r.colours)],
        steps: [1000, 0],
        intro: 'Szelki bezuciskowe Pro-Fit mają kształt litery Y: pas piersiowy omija stawy barkowe, dzięki czemu pies porusza się swobodnie, a nacisk rozkłada się na mostek.',
        care: 'Pierz ręcznie w temperaturze do 30°C. Klamry i karabińczyki przetrzyj wilgotną ściereczką.',
    },
    'pro-active': {
        family: 'pro-active',
        collection: 'szelki-bezuciskowe-pro-active',
        shape: 'harness-y',
        tape: 'softshell',
        groups: r => [sizeGroup(r.sizes ?? ['s', 'm', 'l', 'xl']), colourGroup(r.colours)],
        steps: [1000, 0],
        intro: 'Szelki Pro-Active powstały z myślą o aktywnych psach: bieganiu, canicrossie, rowerze i wędrówkach. Wydłużony grzbiet i miękkie podszycie rozkładają siłę ciągu na całe ciało psa.',
        care: 'Po treningu wypłucz szelki w letniej wodzie i wysusz w przewiewnym miejscu.',
    },
    'obroza-z-klamra': {
        family: 'obroza-z-klamra',
        collection: 'obroze-z-klamra',
        shape: 'collar',
        tape: 'nylon',
        groups: r => [widthGroup(r.widths ?? ['15', '20', '25']), sizeGroup(r.sizes ?? ['s', 'm', 'l'])],
        steps: [500, 500],
        intro: 'Obroża z klamrą zapina się jednym ruchem, a płynna regulacja pozwala dopasować obwód co do centymetra. Stalowe półkółko utrzyma nawet mocno ciągnącego psa.',
        care: 'Obrożę można prać ręcznie. Sprawdzaj regularnie stan klamry i szwów.',
    },
    'obroza-polzaciskowa': {
        family: 'obroza-polzaciskowa',
        collection: 'obroze-polzaciskowe',
        shape: 'collar-chain',
        tape: 'nylon',
        groups: r => [widthGroup(r.widths ?? ['20', '25']), sizeGroup(r.sizes ?? ['m', 'l', 'xl'])],
        steps: [500, 500],
        intro: 'Obroża półzaciskowa zaciska się tylko do ustawionego obwodu, więc nie dusi psa, a jednocześnie nie zsunie się z głowy przy nagłym szarpnięciu.',
        care: 'Pierz ręcznie, a metalowe elementy osusz po każdym deszczowym spacerze.',
    },
    martingale: {
        family: 'martingale',
        collection: 'obroze-martingale',
        shape: 'collar-chain',
        tape: 'zakard',
        groups: r => [widthGroup(r.widths ?? ['25', '40']), sizeGroup(r.sizes ?? ['s', 'm', 'l'])],
        steps: [1000, 500],
        intro: 'Szeroka obroża martingale rozkłada nacisk na większej powierzchni szyi. To najlepszy wybór dla chartów, whippetów i psów o głowie węższej niż szyja.',
        care: 'Pierz ręcznie w letniej wodzie. Nie wybielać i nie prasować.',
    },
    'obroza-ze-sprzaczka': {
        family: 'obroza-ze-sprzaczka',
        collection: 'obroze-ze-sprzaczka',
        shape: 'collar',
        tape: 'nylon',
        groups: r => [sizeGroup(r.sizes ?? ['s', 'm', 'l']), colourGroup(r.colours)],
        steps: [600, 0],
        intro: 'Obroża ze sprzączką ma kilka dziurek regulacyjnych i solidną metalową sprzączkę, która nie rozepnie się przypadkiem.',
        care: 'Przecieraj wilgotną ściereczką. Skórę impregnuj raz na kilka miesięcy.',
    },
    'smycz-miejska': {
        family: 'smycz-miejska',
        collection: 'smycze-miejskie',
        shape: 'leash',
        tape: 'nylon',
        groups: r => [widthGroup(r.widths ?? ['15', '20', '25']), lengthGroup(r.lengths ?? ['1.5', '2'])],
        steps: [500, 700],
        intro: 'Smycz miejska ma wygodną rączkę i mocny obrotowy karabińczyk. Jest wystarczająco krótka, by pies szedł blisko Ciebie na chodniku.',
        care: 'Pierz ręcznie. Karabińczyk po kontakcie ze słoną wodą przepłucz czystą wodą.',
    },
    'smycz-przepinana': {
        family: 'smycz-przepinana',
        collection: 'smycze-przepinane',
        shape: 'leash',
        tape: 'nylon',
        groups: r => [widthGroup(r.widths ?? ['15', '20', '25']), colourGroup(r.colours)],
        steps: [600, 0],
        intro: 'Smycz przepinana ma dwa karabińczyki i kilka kółek, dzięki czemu ustawisz ją na trzy długości, przepniesz przez ramię lub użyjesz do prowadzenia dwóch psów.',
        care: 'Pierz ręcznie w letniej wodzie, susz rozwieszoną.',
    },
    'smycz-treningowa': {
        family: 'smycz-treningowa',
        collection: 'smycze-treningowe',
        shape: 'leash-long',
        tape: 'nylon',
        groups: r => [lengthGroup(r.lengths ?? ['5', '10', '15']), widthGroup(r.widths ?? ['15', '20'])],
        steps: [1000, 500],
        intro: 'Długa linka treningowa daje psu swobodę, a Tobie kontrolę. Sprawdzi się przy nauce przywołania, tropieniu i na spacerach w terenie.',
        care: 'Po spacerze w błocie wypłucz linkę i wysusz ją rozwiniętą.',
    },
    'dodatek-smycz': {
        family: 'dodatek-smycz',
        collection: 'dodatki-do-smyczy',
        shape: 'carabiner',
        tape: 'brak',
        groups: r => (r.colours.length > 1 ? [colourGroup(r.colours)] : []),
        steps: [0],
        intro: 'Drobne dodatki, które sprawiają, że smycz jest wygodniejsza i bezpieczniejsza.',
        care: 'Metalowe elementy przecieraj suchą ściereczką.',
    },
    'pas-samochodowy': {
        family: 'pas-samochodowy',
        collection: 'pasy-do-samochodu',
        shape: 'car-belt',
        tape: 'nylon',
        groups: r => [widthGroup(r.widths ?? ['20', '25']), colourGroup(r.colours)],
        steps: [500, 0],
        intro: 'Pas bezpieczeństwa wpina się w zamek pasa w samochodzie i do szelek psa. Pies może usiąść i się położyć, ale nie przeskoczy na przednie siedzenie.',
        care: 'Regularnie sprawdzaj stan taśmy i zatrzasku. Pas używaj tylko z szelkami, nigdy z obrożą.',
    },
    pokrowiec: {
        family: 'pokrowiec',
        collection: 'pokrowce-na-worki',
        shape: 'bag-cover',
        tape: 'nylon',
        groups: r => (r.colours.length > 1 ? [colourGroup(r.colours)] : []),
        steps: [0],
        intro: 'Pokrowiec na worki przypniesz do smyczy lub paska. Mieści standardową rolkę worków i ma otwór do wygodnego wyciągania.',
        care: 'Pierz ręcznie.',
    },
    worki: {
        family: 'worki',
        collection: 'worki-na-odchody',
        shape: 'bags',
        tape: 'brak',
        groups: () => [],
        steps: [],
        intro: 'Mocne, szczelne worki na psie odchody na rolkach pasujących do każdego pokrowca.',
        care: 'Przechowuj w suchym miejscu, z dala od słońca.',
    },
    'dodatek-obroza': {
        family: 'dodatek-obroza',
        collection: 'dodatki-do-obrozy',
        shape: 'tag',
        tape: 'brak',
        groups: r => (r.colours.length > 1 ? [colourGroup(r.colours)] : []),
        steps: [0],
        intro: 'Dodatki do obroży, dzięki którym Twój pies jest lepiej widoczny i łatwiej go odnaleźć.',
        care: 'Przecieraj wilgotną ściereczką.',
    },
    'akcesorium-smycz': {
        family: 'akcesorium-smycz',
        collection: 'akcesoria-do-smyczy',
        shape: 'pocket',
        tape: 'brak',
        groups: r => (r.colours.length > 1 ? [colourGroup(r.colours)] : []),
        steps: [0],
        intro: 'Praktyczne drobiazgi do przypięcia na smycz.',
        care: 'Pierz ręcznie.',
    },
    'dodatek-szelki': {
        family: 'dodatek-szelki',
        collection: 'dodatki-do-szelek',
        shape: 'patch',
        tape: 'brak',
        groups: r => (r.colours.length > 1 ? [colourGroup(r.colours)] : []),
        steps: [0],
        intro: 'Dodatki, które przypniesz do szelek naszej produkcji i większości szelek typu guard.',
        care: 'Pierz ręcznie.',
    },
    zestaw: {
        family: 'zestaw',
        collection: 'zestawy-promocyjne',
        shape: 'set',
        tape: 'nylon',
        groups: r => (r.sizes ? [sizeGroup(r.sizes)] : []),
        steps: [1000],
        intro: 'Zestaw dobranych produktów w niższej cenie niż kupione osobno. Kolory dopasujemy do siebie.',
        care: 'Każdy element zestawu pierz ręcznie.',
    },
    mata: {
        family: 'mata',
        collection: 'maty',
        shape: 'mat',
        tape: 'brak',
        groups: r => [sizeGroup(r.sizes ?? ['s', 'm', 'l']), colourGroup(r.colours)],
        steps: [2000, 0],
        intro: 'Maty dla psów szyjemy z trwałych, łatwych w czyszczeniu tkanin. Rozmiar S dla psów do 10 kg, M do 25 kg, L dla większych.',
        care: 'Pierz w pralce w temperaturze do 30°C, bez wirowania.',
    },
    przysmak: {
        family: 'przysmak',
        collection: 'suszone-mieso',
        shape: 'treat',
        tape: 'brak',
        taxCategory: 'VAT 8%',
        groups: r => [weightGroup(r.weights ?? ['50', '100', '200'])],
        steps: [0],
        intro: 'Jednoskładnikowe, powoli suszone mięso bez konserwantów, zbóż i sztucznych dodatków. Idealne jako nagroda w treningu i naturalny gryzak.',
        care: 'Przechowuj w suchym i chłodnym miejscu. Po otwarciu zużyj w ciągu 4 tygodni. Zapewnij psu stały dostęp do wody.',
    },
    zabawka: {
        family: 'zabawka',
        collection: 'zabawki',
        shape: 'ball',
        tape: 'brak',
        groups: r => (r.colours.length > 1 ? [colourGroup(r.colours)] : r.sizes ? [sizeGroup(r.sizes)] : []),
        steps: [0],
        intro: 'Zabawki do wspólnej zabawy z psem. Dobierz rozmiar do wielkości pyska i zawsze nadzoruj zabawę.',
        care: 'Myj w ciepłej wodzie. Wymień zabawkę, gdy zacznie się rozpadać.',
    },
    saszetka: {
        family: 'saszetka',
        collection: 'saszetki-na-przysmaki',
        shape: 'pouch',
        tape: 'nylon',
        groups: r => (r.colours.length > 1 ? [colourGroup(r.colours)] : []),
        steps: [0],
        intro: 'Saszetka na przysmaki przypinana do paska lub noszona na taśmie. Wnętrze łatwo wytrzesz z okruchów.',
        care: 'Pierz ręcznie, wnętrze przecieraj wilgotną ściereczką.',
    },
    nerka: {
        family: 'nerka',
        collection: 'nerki-spacerowe',
        shape: 'waist-bag',
        tape: 'nylon',
        groups: r => (r.colours.length > 1 ? [colourGroup(r.colours)] : []),
        steps: [0],
        intro: 'Nerka spacerowa mieści telefon, klucze, przysmaki i worki. Regulowany pas noszą wygodnie zarówno biodra, jak i ramię.',
        care: 'Pierz ręcznie w temperaturze do 30°C.',
    },
    'dodatek-czlowiek': {
        family: 'dodatek-czlowiek',
        collection: 'dodatki-czlowiek',
        shape: 'band',
        tape: 'brak',
        groups: r => (r.colours.length > 1 ? [colourGroup(r.colours)] : []),
        steps: [0],
        intro: 'Drobiazgi dla opiekunów psów – na spacer, na prezent, na co dzień.',
        care: 'Przecieraj wilgotną ściereczką.',
    },
    skarpetki: {
        family: 'skarpetki',
        collection: 'skarpetki',
        shape: 'sock',
        tape: 'brak',
        groups: r => [sizeGroup(r.sizes ?? ['35-38', '39-42', '43-46'])],
        steps: [0],
        intro: 'Bawełniane skarpetki w psie wzory. Miękki ściągacz nie uciska, a wzmocniona pięta i palce wytrzymają długie spacery.',
        care: 'Pierz w pralce w temperaturze do 40°C, na lewej stronie.',
    },
};

// ---------------------------------------------------------------------------------------------
// The product rows, in id order. APPEND ONLY.
// ---------------------------------------------------------------------------------------------

type Table = Array<[familyKey: string, row: Row]>;

const ROWS: Table = [
    // --- szelki typu guard (1–6)
    [
        'guard',
        {
            slug: 'szelki-typu-guard-classic',
            name: 'Szelki typu guard Classic',
            price: 12900,
            colours: ['granatowy', 'czerwony', 'czarny'],
            pitch: 'Najpopularniejszy model w naszej pracowni – sprawdzony na tysiącach spacerów.',
        },
    ],
    [
        'guard',
        {
            slug: 'szelki-typu-guard-odblaskowe',
            name: 'Szelki typu guard Odblaskowe',
            price: 14900,
            tape: 'odblaskowa',
            colours: ['zolty', 'pomaranczowy', 'czarny'],
            pitch: 'Taśma z wplecioną nicią odblaskową sprawia, że pies jest widoczny w światłach samochodu z daleka.',
        },
    ],
    [
        'guard',
        {
            slug: 'szelki-typu-guard-softshell',
            name: 'Szelki typu guard Softshell',
            price: 16900,
            tape: 'softshell',
            colours: ['grafitowy', 'oliwkowy'],
            pitch: 'Miękkie podszycie z softshellu chroni sierść i skórę psów krótkowłosych przed otarciami.',
        },
    ],
    [
        'guard',
        {
            slug: 'szelki-typu-guard-z-imieniem',
            name: 'Szelki typu guard z imieniem psa',
            price: 17900,
            colours: ['turkusowy', 'rozowy', 'granatowy'],
            isNew: true,
            pitch: 'Na pasie piersiowym wyhaftujemy imię Twojego psa i numer telefonu.',
        },
    ],
    [
        'guard',
        {
            slug: 'szelki-typu-guard-biothane',
            name: 'Szelki typu guard Biothane',
            price: 18900,
            tape: 'biothane',
            colours: ['mietowy', 'fioletowy', 'czarny'],
            salePercent: 20,
            pitch: 'Taśma biothane nie nasiąka wodą ani zapachem – idealna dla psów, które kochają kałuże.',
        },
    ],
    [
        'guard',
        {
            slug: 'szelki-typu-guard-mini',
            name: 'Szelki typu guard Mini',
            price: 12900,
            colours: ['rozowy', 'mietowy', 'bezowy'],
            widths: ['15', '20'],
            sizes: ['xs', 's', 'm'],
            pitch: 'Lekka wersja dla małych psów i szczeniąt, z węższą taśmą i mniejszymi klamrami.',
        },
    ],
    // --- szelki bezuciskowe Pro-Fit (7–11)
    [
        'pro-fit',
        {
            slug: 'szelki-bezuciskowe-pro-fit-classic',
            name: 'Szelki bezuciskowe Pro-Fit Classic',
            price: 15900,
            colours: ['czarny', 'granatowy', 'czerwony'],
            pitch: 'Pięć punktów regulacji pozwala dopasować szelki do psa o nietypowej budowie.',
        },
    ],
    [
        'pro-fit',
        {
            slug: 'szelki-bezuciskowe-pro-fit-reflex',
            name: 'Szelki bezuciskowe Pro-Fit Reflex',
            price: 16900,
            tape: 'odblaskowa',
            colours: ['zolty', 'pomaranczowy'],
            pitch: 'Odblaskowa taśma na całej długości szelek – na jesienne i zimowe wieczory.',
        },
    ],
    [
        'pro-fit',
        {
            slug: 'szelki-bezuciskowe-pro-fit-softshell',
            name: 'Szelki bezuciskowe Pro-Fit Softshell',
            price: 18900,
            tape: 'softshell',
            colours: ['grafitowy', 'oliwkowy', 'bordowy'],
            salePercent: 15,
            pitch: 'Softshellowe podszycie jest miękkie, oddychające i szybko schnie.',
        },
    ],
    [
        'pro-fit',
        {
            slug: 'szelki-bezuciskowe-pro-fit-puppy',
            name: 'Szelki bezuciskowe Pro-Fit Puppy',
            price: 12900,
            colours: ['rozowy', 'mietowy', 'niebieski'],
            sizes: ['xs', 's', 'm'],
            isNew: true,
            pitch: 'Pierwsze szelki szczeniaka – z dużym zapasem regulacji, żeby rosły razem z nim.',
        },
    ],
    [
        'pro-fit',
        {
            slug: 'szelki-bezuciskowe-pro-fit-biothane',
            name: 'Szelki bezuciskowe Pro-Fit Biothane',
            price: 19900,
            tape: 'biothane',
            colours: ['czarny', 'turkusowy'],
            pitch: 'Wodoodporne szelki, które umyjesz pod kranem w kilka sekund.',
        },
    ],
    // --- szelki bezuciskowe Pro-Active (12–15)
    [
        'pro-active',
        {
            slug: 'szelki-bezuciskowe-pro-active-trail',
            name: 'Szelki bezuciskowe Pro-Active Trail',
            price: 18900,
            colours: ['oliwkowy', 'pomaranczowy', 'czarny'],
            pitch: 'Stworzone na górskie szlaki: uchwyt do asekuracji i kieszonka na adresówkę.',
        },
    ],
    [
        'pro-active',
        {
            slug: 'szelki-bezuciskowe-pro-active-canicross',
            name: 'Szelki bezuciskowe Pro-Active Canicross',
            price: 20900,
            colours: ['niebieski', 'czerwony'],
            pitch: 'Punkt wpięcia linki przesunięty nad nasadę ogona przenosi siłę ciągu na tylne łapy.',
        },
    ],
    [
        'pro-active',
        {
            slug: 'szelki-bezuciskowe-pro-active-mountain',
            name: 'Szelki bezuciskowe Pro-Active Mountain',
            price: 21900,
            colours: ['grafitowy', 'zielony'],
            pitch: 'Najmocniejszy model z podwójnymi szwami i aluminiowymi klamrami.',
        },
    ],
    [
        'pro-active',
        {
            slug: 'szelki-bezuciskowe-pro-active-night',
            name: 'Szelki bezuciskowe Pro-Active Night',
            price: 19900,
            tape: 'odblaskowa',
            colours: ['grafitowy', 'zolty'],
            salePercent: 20,
            isNew: true,
            pitch: 'Sportowe szelki z odblaskowymi wstawkami do biegania po zmroku.',
        },
    ],
    // --- obroże z klamrą (16–20)
    [
        'obroza-z-klamra',
        {
            slug: 'obroza-z-klamra-classic',
            name: 'Obroża z klamrą Classic',
            price: 5900,
            colours: ['granatowy', 'czerwony', 'zielony'],
            pitch: 'Klasyczna obroża na co dzień, lekka i wygodna.',
        },
    ],
    [
        'obroza-z-klamra',
        {
            slug: 'obroza-z-klamra-odblaskowa',
            name: 'Obroża z klamrą Odblaskowa',
            price: 6900,
            tape: 'odblaskowa',
            colours: ['zolty', 'pomaranczowy'],
            pitch: 'Odblaskowa taśma widoczna z daleka w światłach reflektorów.',
        },
    ],
    [
        'obroza-z-klamra',
        {
            slug: 'obroza-z-klamra-z-grawerem',
            name: 'Obroża z klamrą z grawerem',
            price: 7900,
            colours: ['czarny', 'bordowy'],
            pitch: 'Na klamrze wygrawerujemy imię psa i Twój numer telefonu.',
        },
    ],
    [
        'obroza-z-klamra',
        {
            slug: 'obroza-z-klamra-biothane',
            name: 'Obroża z klamrą Biothane',
            price: 7400,
            tape: 'biothane',
            colours: ['turkusowy', 'fioletowy', 'mietowy'],
            isNew: true,
            pitch: 'Nie nasiąka wodą i nie łapie zapachów – dla psów, które nie omijają żadnego jeziora.',
        },
    ],
    [
        'obroza-z-klamra',
        {
            slug: 'obroza-z-klamra-softshell',
            name: 'Obroża z klamrą Softshell',
            price: 8400,
            tape: 'softshell',
            colours: ['grafitowy'],
            salePercent: 25,
            pitch: 'Miękkie podszycie chroni sierść na szyi przed wycieraniem.',
        },
    ],
    // --- obroże półzaciskowe (21–24)
    [
        'obroza-polzaciskowa',
        {
            slug: 'obroza-polzaciskowa-classic',
            name: 'Obroża półzaciskowa Classic',
            price: 6900,
            colours: ['czarny', 'granatowy'],
            pitch: 'Półzacisk z taśmy – cichy i delikatny dla sierści.',
        },
    ],
    [
        'obroza-polzaciskowa',
        {
            slug: 'obroza-polzaciskowa-z-lancuszkiem',
            name: 'Obroża półzaciskowa z łańcuszkiem',
            price: 7900,
            colours: ['czerwony', 'grafitowy'],
            pitch: 'Stalowy łańcuszek daje psu wyraźny, ale łagodny sygnał przy pociągnięciu.',
        },
    ],
    [
        'obroza-polzaciskowa',
        {
            slug: 'obroza-polzaciskowa-odblaskowa',
            name: 'Obroża półzaciskowa Odblaskowa',
            price: 7400,
            tape: 'odblaskowa',
            colours: ['pomaranczowy', 'zolty'],
            pitch: 'Półzaciskowa obroża z odblaskową taśmą na wieczorne spacery.',
        },
    ],
    [
        'obroza-polzaciskowa',
        {
            slug: 'obroza-polzaciskowa-biothane',
            name: 'Obroża półzaciskowa Biothane',
            price: 8400,
            tape: 'biothane',
            colours: ['oliwkowy', 'czarny'],
            soldOut: true,
            pitch: 'Wodoodporna półzaciskówka, którą wystarczy opłukać pod kranem.',
        },
    ],
    // --- obroże martingale (25–28)
    [
        'martingale',
        {
            slug: 'obroza-martingale-chart',
            name: 'Obroża martingale Chart',
            price: 8900,
            colours: ['bordowy', 'granatowy'],
            pitch: 'Szeroka obroża zaprojektowana dla chartów – nie zsunie się z wąskiej głowy.',
        },
    ],
    [
        'martingale',
        {
            slug: 'obroza-martingale-classic',
            name: 'Obroża martingale Classic',
            price: 7900,
            tape: 'nylon',
            colours: ['czarny', 'czerwony'],
            pitch: 'Uniwersalna obroża martingale dla psów, które potrafią wysunąć się z obroży.',
        },
    ],
    [
        'martingale',
        {
            slug: 'obroza-martingale-softshell',
            name: 'Obroża martingale Softshell',
            price: 9400,
            tape: 'softshell',
            colours: ['grafitowy', 'mietowy'],
            salePercent: 20,
            pitch: 'Miękka, podszyta softshellem – dla delikatnej skóry chartów.',
        },
    ],
    [
        'martingale',
        {
            slug: 'obroza-martingale-zakard',
            name: 'Obroża martingale Żakard',
            price: 9900,
            colours: ['fioletowy', 'turkusowy'],
            isNew: true,
            pitch: 'Taśma żakardowa w geometryczny wzór – elegancka na wystawę i na spacer.',
        },
    ],
    // --- obroże ze sprzączką (29–32)
    [
        'obroza-ze-sprzaczka',
        {
            slug: 'obroza-ze-sprzaczka-skorzana',
            name: 'Obroża ze sprzączką Skórzana',
            price: 8900,
            tape: 'skora',
            colours: ['brazowy', 'czarny', 'bordowy'],
            pitch: 'Obroża z grubej skóry naturalnej, która z czasem nabiera szlachetnej patyny.',
        },
    ],
    [
        'obroza-ze-sprzaczka',
        {
            slug: 'obroza-ze-sprzaczka-biothane',
            name: 'Obroża ze sprzączką Biothane',
            price: 7900,
            tape: 'biothane',
            colours: ['pomaranczowy', 'niebieski', 'czarny'],
            pitch: 'Sprzączka ze stali nierdzewnej i wodoodporna taśma biothane.',
        },
    ],
    [
        'obroza-ze-sprzaczka',
        {
            slug: 'obroza-ze-sprzaczka-nylonowa',
            name: 'Obroża ze sprzączką Nylonowa',
            price: 5900,
            colours: ['zielony', 'granatowy', 'czerwony'],
            salePercent: 15,
            pitch: 'Lekka i tania obroża ze sprzączką na każdy dzień.',
        },
    ],
    [
        'obroza-ze-sprzaczka',
        {
            slug: 'obroza-ze-sprzaczka-premium',
            name: 'Obroża ze sprzączką Premium',
            price: 10900,
            tape: 'skora',
            colours: ['brazowy', 'bezowy'],
            pitch: 'Skóra licowa, ręcznie barwione krawędzie i mosiężna sprzączka.',
        },
    ],
    // --- smycze miejskie (33–36)
    [
        'smycz-miejska',
        {
            slug: 'smycz-miejska-classic',
            name: 'Smycz miejska Classic',
            price: 4900,
            colours: ['granatowy', 'czerwony', 'czarny'],
            pitch: 'Prosta i wytrzymała smycz do obroży i szelek.',
        },
    ],
    [
        'smycz-miejska',
        {
            slug: 'smycz-miejska-odblaskowa',
            name: 'Smycz miejska Odblaskowa',
            price: 5900,
            tape: 'odblaskowa',
            colours: ['zolty', 'pomaranczowy'],
            pitch: 'Odblaskowa taśma na całej długości smyczy.',
        },
    ],
    [
        'smycz-miejska',
        {
            slug: 'smycz-miejska-biothane',
            name: 'Smycz miejska Biothane',
            price: 6900,
            tape: 'biothane',
            colours: ['turkusowy', 'fioletowy'],
            salePercent: 20,
            pitch: 'Smycz, która nie nasiąka wodą i nie brudzi rąk.',
        },
    ],
    [
        'smycz-miejska',
        {
            slug: 'smycz-miejska-z-amortyzatorem',
            name: 'Smycz miejska z amortyzatorem',
            price: 7900,
            colours: ['czarny', 'oliwkowy'],
            isNew: true,
            pitch: 'Wszyty amortyzator łagodzi szarpnięcia – dla Twoich barków i dla psa.',
        },
    ],
    // --- smycze przepinane (37–40)
    [
        'smycz-przepinana',
        {
            slug: 'smycz-przepinana-classic',
            name: 'Smycz przepinana Classic',
            price: 6900,
            colours: ['granatowy', 'czerwony'],
            pitch: 'Długość 2,2 m regulowana na trzy sposoby.',
        },
    ],
    [
        'smycz-przepinana',
        {
            slug: 'smycz-przepinana-odblaskowa',
            name: 'Smycz przepinana Odblaskowa',
            price: 7900,
            tape: 'odblaskowa',
            colours: ['zolty', 'grafitowy'],
            pitch: 'Przepinana smycz z odblaskową taśmą.',
        },
    ],
    [
        'smycz-przepinana',
        {
            slug: 'smycz-przepinana-biothane',
            name: 'Smycz przepinana Biothane',
            price: 8900,
            tape: 'biothane',
            colours: ['mietowy', 'czarny'],
            pitch: 'Wodoodporna smycz przepinana na każdą pogodę.',
        },
    ],
    [
        'smycz-przepinana',
        {
            slug: 'smycz-przepinana-trio',
            name: 'Smycz przepinana Trio',
            price: 9900,
            colours: ['oliwkowy', 'bordowy'],
            salePercent: 10,
            pitch: 'Trzy karabińczyki i cztery kółka – do prowadzenia dwóch psów naraz.',
        },
    ],
    // --- smycze treningowe (41–44)
    [
        'smycz-treningowa',
        {
            slug: 'smycz-treningowa-classic',
            name: 'Smycz treningowa Classic',
            price: 5900,
            colours: ['pomaranczowy', 'niebieski'],
            pitch: 'Lekka linka z taśmy nylonowej z rączką na końcu.',
        },
    ],
    [
        'smycz-treningowa',
        {
            slug: 'smycz-treningowa-biothane',
            name: 'Smycz treningowa Biothane',
            price: 7900,
            tape: 'biothane',
            colours: ['zolty', 'czerwony'],
            pitch: 'Linka biothane nie zbiera błota i nie plącze się w trawie.',
        },
    ],
    [
        'smycz-treningowa',
        {
            slug: 'smycz-treningowa-odblaskowa',
            name: 'Smycz treningowa Odblaskowa',
            price: 6900,
            tape: 'odblaskowa',
            colours: ['zolty'],
            pitch: 'Długa linka, którą zobaczysz nawet o zmierzchu.',
        },
    ],
    [
        'smycz-treningowa',
        {
            slug: 'linka-treningowa-tracking',
            name: 'Linka treningowa Tracking',
            price: 8900,
            tape: 'biothane',
            colours: ['pomaranczowy'],
            isNew: true,
            lengths: ['10', '15'],
            pitch: 'Linka do tropienia bez rączki – nie zaczepi się o krzaki.',
        },
    ],
    // --- dodatki do smyczy, pod smyczami (45–48)
    [
        'dodatek-smycz',
        {
            slug: 'karabinczyk-aluminiowy',
            name: 'Karabińczyk aluminiowy do smyczy',
            price: 2900,
            colours: ['czarny', 'niebieski', 'czerwony', 'srebrny'],
            pitch: 'Karabińczyk z blokadą zamka, lekki i odporny na korozję.',
        },
    ],
    [
        'dodatek-smycz',
        {
            slug: 'amortyzator-do-smyczy',
            name: 'Amortyzator do smyczy',
            price: 3900,
            colours: ['czarny', 'granatowy'],
            pitch: 'Wpinany między smycz a szelki, łagodzi gwałtowne szarpnięcia.',
        },
    ],
    [
        'dodatek-smycz',
        {
            slug: 'uchwyt-do-smyczy-komfort',
            name: 'Uchwyt do smyczy Komfort',
            price: 2400,
            colours: ['czarny'],
            pitch: 'Neoprenowa nakładka na rączkę smyczy – koniec z otarciami dłoni.',
        },
    ],
    [
        'dodatek-smycz',
        {
            slug: 'lacznik-do-smyczy-dla-dwoch-psow',
            name: 'Łącznik do smyczy dla dwóch psów',
            price: 4900,
            colours: ['czarny', 'czerwony'],
            pitch: 'Rozdwajacz z obrotowymi karabińczykami – dwa psy na jednej smyczy.',
        },
    ],
    // --- pasy do samochodu (49–51)
    [
        'pas-samochodowy',
        {
            slug: 'pas-bezpieczenstwa-do-samochodu',
            name: 'Pas bezpieczeństwa do samochodu',
            price: 4900,
            colours: ['czarny', 'granatowy'],
            pitch: 'Uniwersalny zatrzask pasuje do większości samochodów.',
        },
    ],
    [
        'pas-samochodowy',
        {
            slug: 'pas-do-samochodu-z-amortyzatorem',
            name: 'Pas do samochodu z amortyzatorem',
            price: 5900,
            colours: ['czarny', 'czerwony'],
            salePercent: 15,
            pitch: 'Wszyty amortyzator pochłania energię przy hamowaniu.',
        },
    ],
    [
        'pas-samochodowy',
        {
            slug: 'pas-do-samochodu-isofix',
            name: 'Pas do samochodu Isofix',
            price: 6900,
            colours: ['grafitowy'],
            pitch: 'Mocowanie do uchwytów Isofix zamiast do zamka pasa.',
        },
    ],
    // --- pokrowce na worki (52–55), od 35,00 zł
    [
        'pokrowiec',
        {
            slug: 'pokrowiec-na-worki-classic',
            name: 'Pokrowiec na worki Classic',
            price: 3500,
            colours: ['granatowy', 'czerwony', 'zielony', 'czarny'],
            pitch: 'Prosty pokrowiec z taśmy z kółkiem do przypięcia.',
        },
    ],
    [
        'pokrowiec',
        {
            slug: 'pokrowiec-na-worki-z-imieniem',
            name: 'Pokrowiec na worki z imieniem psa',
            price: 4500,
            colours: ['rozowy', 'turkusowy'],
            pitch: 'Wyhaftujemy na nim imię Twojego psa.',
        },
    ],
    [
        'pokrowiec',
        {
            slug: 'pokrowiec-na-worki-biothane',
            name: 'Pokrowiec na worki Biothane',
            price: 3900,
            colours: ['mietowy', 'fioletowy'],
            isNew: true,
            pitch: 'Wodoodporny pokrowiec, który łatwo umyjesz.',
        },
    ],
    [
        'pokrowiec',
        {
            slug: 'pokrowiec-na-worki-softshell',
            name: 'Pokrowiec na worki Softshell',
            price: 4200,
            colours: ['grafitowy', 'oliwkowy'],
            pitch: 'Miękki pokrowiec z kieszonką na klucze.',
        },
    ],
    // --- worki na odchody (56–58)
    [
        'worki',
        {
            slug: 'worki-na-odchody-zestaw-3x15',
            name: 'Worki na odchody – zestaw 3x15',
            price: 1470,
            colours: ['zielony'],
            pitch: 'Trzy rolki po 15 mocnych worków – dopasowane do naszych pokrowców.',
        },
    ],
    [
        'worki',
        {
            slug: 'worki-na-odchody-zestaw-8x15',
            name: 'Worki na odchody – zestaw 8x15',
            price: 3290,
            colours: ['niebieski'],
            pitch: 'Osiem rolek po 15 worków – zapas na długo.',
        },
    ],
    [
        'worki',
        {
            slug: 'worki-na-odchody-biodegradowalne-4x15',
            name: 'Worki na odchody biodegradowalne – zestaw 4x15',
            price: 2490,
            colours: ['oliwkowy'],
            pitch: 'Worki z folii biodegradowalnej z dodatkiem skrobi kukurydzianej.',
        },
    ],
    // --- dodatki do obroży (59–61)
    [
        'dodatek-obroza',
        {
            slug: 'adresowka-grawerowana',
            name: 'Adresówka grawerowana dla psa',
            price: 2900,
            colours: ['srebrny', 'zloty'],
            pitch: 'Grawer laserowy z imieniem psa i numerem telefonu po obu stronach.',
        },
    ],
    [
        'dodatek-obroza',
        {
            slug: 'lampka-led-do-obrozy',
            name: 'Lampka LED do obroży',
            price: 3400,
            colours: ['czerwony', 'niebieski', 'zielony'],
            pitch: 'Trzy tryby świecenia i bateria na 100 godzin.',
        },
    ],
    [
        'dodatek-obroza',
        {
            slug: 'dzwoneczek-do-obrozy',
            name: 'Dzwoneczek do obroży',
            price: 1900,
            colours: ['zloty'],
            pitch: 'Usłyszysz, gdzie jest Twój pies, nawet w wysokiej trawie.',
        },
    ],
    // --- dodatki do smyczy, pod dodatkami (62–63)
    [
        'akcesorium-smycz',
        {
            slug: 'organizer-na-smycz',
            name: 'Organizer na smycz',
            price: 3900,
            colours: ['czarny', 'granatowy'],
            pitch: 'Kieszonka na klucze i przysmaki przypinana do rączki smyczy.',
        },
    ],
    [
        'akcesorium-smycz',
        {
            slug: 'zawieszka-odblaskowa-do-smyczy',
            name: 'Zawieszka odblaskowa do smyczy',
            price: 1900,
            colours: ['zolty', 'pomaranczowy'],
            pitch: 'Odblaskowa zawieszka, którą przypniesz do smyczy w kilka sekund.',
        },
    ],
    // --- dodatki do szelek (64–66)
    [
        'dodatek-szelki',
        {
            slug: 'naszywka-z-imieniem-na-szelki',
            name: 'Naszywka z imieniem na szelki',
            price: 2900,
            colours: ['czarny', 'czerwony', 'granatowy'],
            pitch: 'Naszywka na rzep z wyhaftowanym imieniem psa.',
        },
    ],
    [
        'dodatek-szelki',
        {
            slug: 'plecak-do-szelek',
            name: 'Plecak mocowany do szelek',
            price: 6900,
            colours: ['oliwkowy', 'pomaranczowy'],
            pitch: 'Dwie sakwy na grzbiet – pies sam poniesie swoje przysmaki.',
        },
    ],
    [
        'dodatek-szelki',
        {
            slug: 'odblaskowe-paski-na-szelki',
            name: 'Odblaskowe paski na szelki',
            price: 2400,
            colours: ['zolty'],
            pitch: 'Paski na rzep zwiększające widoczność psa po zmroku.',
        },
    ],
    // --- zestawy promocyjne (67–69)
    [
        'zestaw',
        {
            slug: 'zestaw-szelki-guard-i-smycz-miejska',
            name: 'Zestaw szelki guard + smycz miejska',
            price: 19900,
            colours: ['granatowy', 'czerwony'],
            sizes: ['s', 'm', 'l', 'xl'],
            salePercent: 15,
            pitch: 'Szelki typu guard Classic i pasująca smycz miejska w jednym kolorze.',
        },
    ],
    [
        'zestaw',
        {
            slug: 'zestaw-obroza-i-smycz-przepinana',
            name: 'Zestaw obroża z klamrą + smycz przepinana',
            price: 11900,
            colours: ['turkusowy', 'czarny'],
            sizes: ['s', 'm', 'l'],
            salePercent: 10,
            pitch: 'Obroża z klamrą i smycz przepinana z tej samej taśmy.',
        },
    ],
    [
        'zestaw',
        {
            slug: 'zestaw-spacerowy-pokrowiec-i-worki',
            name: 'Zestaw spacerowy: pokrowiec + worki',
            price: 4500,
            colours: ['zielony'],
            pitch: 'Pokrowiec na worki Classic i zestaw worków 3x15.',
        },
    ],
    // --- maty (70–73)
    [
        'mata',
        {
            slug: 'mata-chlodzaca-dla-psa',
            name: 'Mata chłodząca dla psa',
            price: 8900,
            colours: ['niebieski', 'szary'],
            pitch: 'Żel w środku maty pochłania ciepło – bez prądu i bez wkładania do lodówki.',
        },
    ],
    [
        'mata',
        {
            slug: 'mata-weszaca-dla-psa',
            name: 'Mata węchowa dla psa',
            price: 9900,
            colours: ['zielony', 'szary'],
            isNew: true,
            pitch: 'Ukryj przysmaki między polarowymi paskami i pozwól psu je wywęszyć.',
        },
    ],
    [
        'mata',
        {
            slug: 'mata-legowiskowa-comfort',
            name: 'Mata legowiskowa Comfort',
            price: 12900,
            colours: ['bezowy', 'grafitowy'],
            salePercent: 20,
            pitch: 'Gruba mata z pianki, która nie odkształca się pod ciężarem psa.',
        },
    ],
    [
        'mata',
        {
            slug: 'mata-podrozna-skladana',
            name: 'Mata podróżna składana',
            price: 10900,
            colours: ['oliwkowy', 'granatowy'],
            pitch: 'Składa się do rozmiaru torby i ma wodoodporny spód.',
        },
    ],
    // --- suszone mięso (74–79), od 7,49 zł
    [
        'przysmak',
        {
            slug: 'suszone-zwacze-wolowe',
            name: 'Suszone żwacze wołowe',
            price: 749,
            colours: ['bezowy'],
            pitch: 'Intensywnie pachnące żwacze – psy za nimi szaleją.',
        },
    ],
    [
        'przysmak',
        {
            slug: 'suszone-pluca-wolowe',
            name: 'Suszone płuca wołowe',
            price: 799,
            colours: ['brazowy'],
            pitch: 'Lekkie i chrupiące, łatwo je łamać na małe kawałki do treningu.',
        },
    ],
    [
        'przysmak',
        {
            slug: 'suszone-serca-kurczaka',
            name: 'Suszone serca kurczaka',
            price: 899,
            colours: ['bordowy'],
            isNew: true,
            pitch: 'Małe, poręczne serca – idealna nagroda w saszetce.',
        },
    ],
    [
        'przysmak',
        {
            slug: 'suszona-skora-wolowa',
            name: 'Suszona skóra wołowa',
            price: 999,
            colours: ['bezowy'],
            pitch: 'Długi gryzak, który zajmie psa na dłużej i pomoże czyścić zęby.',
        },
    ],
    [
        'przysmak',
        {
            slug: 'suszone-uszy-krolika',
            name: 'Suszone uszy królika',
            price: 1199,
            colours: ['brazowy'],
            salePercent: 10,
            pitch: 'Uszy z sierścią działają jak naturalny odrobaczacz i są lekkostrawne.',
        },
    ],
    [
        'przysmak',
        {
            slug: 'suszony-filet-z-indyka',
            name: 'Suszony filet z indyka',
            price: 1299,
            colours: ['bezowy'],
            weights: ['100', '200'],
            pitch: 'Chude mięso z indyka dla psów z wrażliwym żołądkiem.',
        },
    ],
    // --- zabawki (80–84)
    [
        'zabawka',
        {
            slug: 'pilka-gumowa-z-dzwoneczkiem',
            name: 'Piłka gumowa z dzwoneczkiem',
            price: 2490,
            colours: ['czerwony', 'niebieski', 'zolty'],
            pitch: 'Sprężysta piłka z naturalnej gumy, która dzwoni przy każdym odbiciu.',
        },
    ],
    [
        'zabawka',
        {
            slug: 'szarpak-bawelniany',
            name: 'Szarpak bawełniany',
            price: 3290,
            colours: ['niebieski', 'czerwony'],
            pitch: 'Gruby szarpak z bawełnianego sznura do przeciągania.',
        },
    ],
    [
        'zabawka',
        {
            slug: 'kosc-gryzak-naturalna',
            name: 'Kość gryzak z drewna kawowca',
            price: 2990,
            colours: ['brazowy'],
            sizes: ['s', 'm', 'l'],
            pitch: 'Twarde drewno kawowca nie drzazgi się i długo wytrzymuje.',
        },
    ],
    [
        'zabawka',
        {
            slug: 'piszczaca-zabawka-jezyk',
            name: 'Piszcząca zabawka Jeżyk',
            price: 2790,
            colours: ['pomaranczowy'],
            isNew: true,
            pitch: 'Pluszowy jeżyk z piszczałką w środku.',
        },
    ],
    [
        'zabawka',
        {
            slug: 'gryzak-na-przysmaki',
            name: 'Gryzak na przysmaki',
            price: 3990,
            colours: ['czerwony'],
            sizes: ['s', 'm', 'l'],
            salePercent: 20,
            pitch: 'Wypełnij go pasztetem lub przysmakami i zamroź – zajęcie na długie minuty.',
        },
    ],
    // --- saszetki na przysmaki (85–87)
    [
        'saszetka',
        {
            slug: 'saszetka-na-przysmaki-classic',
            name: 'Saszetka na przysmaki Classic',
            price: 4900,
            colours: ['czarny', 'granatowy', 'czerwony'],
            pitch: 'Saszetka z klipsem na pasek i zamykaną kieszonką.',
        },
    ],
    [
        'saszetka',
        {
            slug: 'saszetka-na-przysmaki-magnetyczna',
            name: 'Saszetka na przysmaki magnetyczna',
            price: 5900,
            colours: ['oliwkowy', 'grafitowy'],
            pitch: 'Zamknięcie na magnes otworzysz jedną ręką.',
        },
    ],
    [
        'saszetka',
        {
            slug: 'saszetka-silikonowa-na-przysmaki',
            name: 'Saszetka silikonowa na przysmaki',
            price: 3900,
            colours: ['mietowy', 'rozowy', 'szary'],
            isNew: true,
            pitch: 'Silikonową saszetkę umyjesz w zmywarce.',
        },
    ],
    // --- nerki spacerowe (88–90)
    [
        'nerka',
        {
            slug: 'nerka-spacerowa-urban',
            name: 'Nerka spacerowa Urban',
            price: 8900,
            colours: ['czarny', 'oliwkowy'],
            pitch: 'Minimalistyczna nerka na spacery po mieście.',
        },
    ],
    [
        'nerka',
        {
            slug: 'nerka-spacerowa-trekking',
            name: 'Nerka spacerowa Trekking',
            price: 10900,
            colours: ['grafitowy', 'pomaranczowy'],
            salePercent: 20,
            pitch: 'Dwie komory, uchwyt na butelkę i wbudowany podajnik worków.',
        },
    ],
    [
        'nerka',
        {
            slug: 'nerka-spacerowa-odblaskowa',
            name: 'Nerka spacerowa Odblaskowa',
            price: 9900,
            colours: ['zolty'],
            pitch: 'Odblaskowe panele widoczne z każdej strony.',
        },
    ],
    // --- dodatki dla człowieka (91–93)
    [
        'dodatek-czlowiek',
        {
            slug: 'opaska-odblaskowa-na-ramie',
            name: 'Opaska odblaskowa na ramię',
            price: 1900,
            colours: ['zolty', 'pomaranczowy'],
            pitch: 'Zwijana opaska odblaskowa na ramię lub kostkę.',
        },
    ],
    [
        'dodatek-czlowiek',
        {
            slug: 'brelok-z-lapka',
            name: 'Brelok z łapką',
            price: 1900,
            colours: ['srebrny'],
            pitch: 'Metalowy brelok z wyciętą psią łapką.',
        },
    ],
    [
        'dodatek-czlowiek',
        {
            slug: 'kubek-termiczny-psiarz',
            name: 'Kubek termiczny Psiarz',
            price: 5900,
            colours: ['turkusowy', 'czarny'],
            pitch: 'Utrzyma ciepło kawy przez cały poranny spacer.',
        },
    ],
    // --- skarpetki (94–96)
    [
        'skarpetki',
        {
            slug: 'skarpetki-w-lapki',
            name: 'Skarpetki w łapki',
            price: 2900,
            colours: ['granatowy'],
            pitch: 'Granatowe skarpetki we wzór z żółtych łapek.',
        },
    ],
    [
        'skarpetki',
        {
            slug: 'skarpetki-z-koscmi',
            name: 'Skarpetki z kośćmi',
            price: 2900,
            colours: ['czerwony'],
            isNew: true,
            pitch: 'Czerwone skarpetki we wzór z białych kości.',
        },
    ],
    [
        'skarpetki',
        {
            slug: 'skarpetki-psiarz-na-spacer',
            name: 'Skarpetki Psiarz na spacer',
            price: 3490,
            colours: ['oliwkowy'],
            salePercent: 15,
            pitch: 'Grubsze skarpetki trekkingowe na długie spacery w butach.',
        },
    ],
];

// ---------------------------------------------------------------------------------------------
// Expansion into ProductDef
// ---------------------------------------------------------------------------------------------

/** Rounds a sale price to whole złoty minus one grosz, e.g. 15920 -> 15899. */
function salePrice(old: number, percent: number): number {
    const raw = (old * (100 - percent)) / 100;
    if (old < 2000) {
        // small amounts: round to 0,09
        return Math.max(1, Math.round(raw / 10) * 10 - 1);
    }
    return Math.round(raw / 100) * 100 - 1;
}

/** Cartesian product of option indices. */
function combos(lengths: number[]): number[][] {
    let acc: number[][] = [[]];
    for (const n of lengths) {
        const next: number[][] = [];
        for (const prefix of acc) for (let i = 0; i < n; i++) next.push([...prefix, i]);
        acc = next;
    }
    return acc;
}

/**
 * Days since creation: spread over ~200 days, deterministic; "new" products are 2–26 days old.
 */
function createdDaysAgo(index: number, isNew: boolean): number {
    if (isNew) return 2 + ((index * 7) % 25);
    return 35 + ((index * 37) % 166);
}

function stockFor(productIndex: number, variantIndex: number, soldOut: boolean, consumable: boolean): number {
    if (soldOut) return 0;
    // consumables (treats, bags) are always in stock: the cart suggests them as add-ons
    if (consumable) return 100 + ((productIndex * 13 + variantIndex * 17) % 150);
    const k = (productIndex * 7 + variantIndex * 3) % 11;
    if (k === 0) return 0;
    if (k === 5) return 3;
    return 8 + ((productIndex * 5 + variantIndex * 11) % 40);
}

function skuPart(code: string): string {
    return code
        .replace(/-mm$|-m$|-g$/, '')
        .replace(/-/g, '')
        .toUpperCase()
        .slice(0, 4);
}

function describe(fam: Family, row: Row, tape: Tape): string {
    const paragraphs = [`<p><strong>${row.name}</strong> – ${row.pitch}</p>`, `<p>${fam.intro}</p>`];
    if (tape !== 'brak') {
        paragraphs.push(`<p>Materiał: ${TAPE_NAMES[tape]}. Wszystkie produkty szyjemy w Polsce, w naszej pracowni.</p>`);
    }
    paragraphs.push(`<p>${fam.care}</p>`);
    return paragraphs.join('\n');
}

function expand(): ProductDef[] {
    return ROWS.map(([familyKey, row], index) => {
        const fam = FAMILIES[familyKey];
        if (!fam) throw new Error(`Unknown family ${familyKey}`);
        const id = index + 1;
        const tape = row.tape ?? fam.tape;
        const groups = fam.groups(row);
        const consumable = fam.family === 'przysmak' || fam.family === 'worki';
        const variants: VariantDef[] = combos(groups.map(g => g.options.length)).map((idx, vIndex) => {
            let price = row.price;
            idx.forEach((optionIndex, g) => {
                price += optionIndex * (fam.steps[g] ?? 0);
            });
            if (fam.family === 'przysmak') {
                // weight-based price: 50 g = base, 100 g ≈ 1.85x, 200 g ≈ 3.4x (rounded to x,99)
                const w = parseInt(groups[0].options[idx[0]].code, 10);
                const factor = w <= 50 ? 1 : w <= 100 ? 1.85 : 3.4;
                price = w <= 50 ? row.price : Math.round((row.price * factor) / 100) * 100 - 1;
            }
            const optionCodes = idx.map((optionIndex, g) => groups[g].options[optionIndex].code);
            const colourGroupIndex = groups.findIndex(g => g.code === 'kolor');
            const colour = colourGroupIndex >= 0 ? optionCodes[colourGroupIndex] : row.colours[0];
            const sku = ['PS', String(id).padStart(3, '0'), ...optionCodes.map(skuPart)].join('-');
            const variant: VariantDef = {
                sku,
                options: optionCodes,
                price,
                stockOnHand: stockFor(index, vIndex, !!row.soldOut, consumable),
                colour,
            };
            if (row.salePercent) {
                variant.staracena = price;
                variant.price = salePrice(price, row.salePercent);
            }
            return variant;
        });
        const facets = new Set<string>();
        for (const c of row.colours) facets.add(`kolor:${c}`);
        for (const g of groups) if (g.code === 'szerokosc-tasmy') for (const o of g.options) facets.add(`szerokosc-tasmy:${o.code}`);
        if (row.salePercent) facets.add('promocja:wyprzedaz');
        if (row.isNew) facets.add('nowosc:nowosc');
        if (tape !== 'brak') facets.add(`rodzaj-tasmy:${tape}`);
        return {
            id,
            slug: row.slug,
            name: row.name,
            family: fam.family,
            collection: fam.collection,
            shape:
                familyKey === 'zabawka'
                    ? toyShape(row.slug)
                    : familyKey === 'dodatek-obroza' && row.slug.startsWith('lampka')
                      ? 'light'
                      : familyKey === 'dodatek-szelki' && row.slug.startsWith('plecak')
                        ? 'backpack'
                        : familyKey === 'dodatek-czlowiek' && row.slug.startsWith('kubek')
                          ? 'mug'
                          : fam.shape,
            tape,
            description: describe(fam, row, tape),
            optionGroups: groups,
            variants,
            facets: [...facets],
            colours: row.colours,
            taxCategory: fam.taxCategory ?? 'VAT 23%',
            createdDaysAgo: createdDaysAgo(index, !!row.isNew),
            salePercent: row.salePercent,
        };
    });
}

function toyShape(slug: string): Shape {
    if (slug.startsWith('szarpak')) return 'rope';
    if (slug.startsWith('kosc')) return 'bone';
    return 'ball';
}

/** All products in id order (id = position + 1). */
export const PRODUCTS: ProductDef[] = expand();

/** Facets and their values (codes → Polish names). Colour values come from COLOURS. */
export const FACETS: Array<{ code: string; name: string; values: OptionDef[] }> = [
    { code: 'kolor', name: 'Kolor', values: Object.values(COLOURS).map(c => ({ code: c.code, name: c.name })) },
    { code: 'szerokosc-tasmy', name: 'Szerokość taśmy', values: Object.values(WIDTHS) },
    { code: 'promocja', name: 'Promocja', values: [{ code: 'wyprzedaz', name: 'Wyprzedaż' }] },
    { code: 'nowosc', name: 'Nowość', values: [{ code: 'nowosc', name: 'Nowość' }] },
    // appended later: the tape type decides which extras a product offers (src/plugins/extras-pricing/extras-pricing.rules.ts)
    {
        code: 'rodzaj-tasmy',
        name: 'Rodzaj taśmy',
        values: [
            { code: 'nylon', name: 'Taśma nylonowa' },
            { code: 'odblaskowa', name: 'Taśma odblaskowa' },
            { code: 'softshell', name: 'Softshell' },
            { code: 'biothane', name: 'Biothane' },
            { code: 'zakard', name: 'Żakard' },
            { code: 'skora', name: 'Skóra naturalna' },
        ],
    },
];

/** Walks the parent chain of a collection: ['dla-psa', 'akcesoria', 'szelki', 'szelki-typu-guard'] */
export function collectionPath(slug: string): string[] {
    const path: string[] = [];
    let current: CollectionDef | undefined = COLLECTIONS.find(c => c.slug === slug);
    while (current) {
        path.unshift(current.slug);
        current = current.parent ? COLLECTIONS.find(c => c.slug === current!.parent) : undefined;
    }
    return path;
}
