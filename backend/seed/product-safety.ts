/**
 * Product safety information of the seeded catalogue (GPSR, Regulation (EU) 2023/988 art. 19):
 * the manufacturer (our own workshop) and the warnings for each kind of product, in Polish, plus
 * an EAN-13 per variant. Sample content, like the catalogue: the shop replaces it with its own.
 */

export const MANUFACTURER = {
    producent: 'Psiaki Anna Nowak',
    producentadres: 'ul. Psia 5\n30-001 Kraków\nPolska',
    producentemail: 'bezpieczenstwo@psiaki.test',
};

const WEAR =
    'Dopasuj rozmiar tak, aby między taśmą a ciałem psa mieściły się dwa palce. Przed każdym spacerem sprawdź taśmę, szwy, klamrę i kółko; uszkodzonego produktu nie używaj. Nie zostawiaj psa w obroży ani szelkach bez nadzoru, zwłaszcza w klatce, kojcu lub przy ogrodzeniu (ryzyko zaczepienia i uduszenia).';
const REFLECTIVE =
    'Elementy odblaskowe poprawiają widoczność psa tylko w świetle reflektorów i latarek; nie zastępują lampki ani obroży świecącej.';
const LEASH =
    'Przed spacerem sprawdź karabińczyk i szwy. Nie owijaj smyczy wokół dłoni ani nadgarstka. Smycz nie służy do wiązania psa bez nadzoru.';
const CAR =
    'Pas bezpieczeństwa przypinaj wyłącznie do szelek, nigdy do obroży. Ustaw długość tak, aby pies nie mógł dosięgnąć przednich siedzeń ani wychylić się przez okno. Pas ogranicza ruch psa, ale nie jest certyfikowanym urządzeniem do przewozu zwierząt w razie wypadku.';
const TOY =
    'Zabawka nie jest niezniszczalna. Pies bawi się nią tylko pod nadzorem; zabierz zabawkę, gdy jest pogryziona lub pęka – połknięte fragmenty grożą zadławieniem lub niedrożnością jelit. Dobierz wielkość zabawki do psa: zbyt mała może zostać połknięta. Nie dla dzieci poniżej 3 lat (małe części).';
const TREAT =
    'Karma uzupełniająca dla psów, nie dla ludzi. Podawaj pod nadzorem, w ilości dopasowanej do masy psa, i zapewnij stały dostęp do świeżej wody; gryzak podawaj psu, który go nie połyka w całości (ryzyko zadławienia). Przechowuj w suchym, chłodnym miejscu, z dala od dzieci.';
const MAT = 'Nie używaj w pobliżu źródeł ciepła ani otwartego ognia. Sprawdzaj, czy pies nie wygryza wypełnienia; uszkodzoną matę usuń.';
const BAGS = 'Worki i pokrowiec przechowuj z dala od dzieci (ryzyko uduszenia). Nie są przeznaczone do kontaktu z żywnością.';
const OWNER = 'Produkt dla opiekuna psa, nie dla zwierzęcia. Małe elementy (karabińczyki, zawieszki) przechowuj z dala od dzieci.';

/** Warnings by the product's collection (its leaf in the catalogue). */
const BY_COLLECTION: Record<string, string[]> = {
    'szelki-typu-guard': [WEAR, REFLECTIVE],
    'szelki-bezuciskowe-pro-fit': [WEAR, REFLECTIVE],
    'szelki-bezuciskowe-pro-active': [WEAR, REFLECTIVE],
    'obroze-z-klamra': [WEAR],
    'obroze-polzaciskowe': [WEAR, 'Obroża półzaciskowa zaciska się tylko do ustawionej długości: ustaw ją tak, aby nie dusiła psa.'],
    'obroze-martingale': [WEAR, 'Obroża martingale zaciska się tylko do ustawionej długości: ustaw ją tak, aby nie dusiła psa.'],
    'obroze-ze-sprzaczka': [WEAR],
    'smycze-miejskie': [LEASH, REFLECTIVE],
    'smycze-przepinane': [LEASH],
    'smycze-treningowe': [LEASH, 'Długiej smyczy treningowej używaj w rękawiczkach; nie pozwól, by owinęła się wokół nóg psa lub ludzi.'],
    'dodatki-do-smyczy': [LEASH],
    'akcesoria-do-smyczy': [LEASH],
    'dodatki-do-obrozy': [WEAR],
    'dodatki-do-szelek': [WEAR],
    'pasy-do-samochodu': [CAR],
    zabawki: [TOY],
    'suszone-mieso': [TREAT],
    maty: [MAT],
    'pokrowce-na-worki': [BAGS],
    'worki-na-odchody': [BAGS],
    'zestawy-promocyjne': [WEAR, LEASH],
    'saszetki-na-przysmaki': [OWNER],
    'nerki-spacerowe': [OWNER],
    'dodatki-czlowiek': [OWNER],
    skarpetki: [OWNER],
};

/** The product's safety custom fields, for `createProduct`. */
export function productSafety(collection: string): typeof MANUFACTURER & { bezpieczenstwo: string } {
    const warnings = BY_COLLECTION[collection];
    if (!warnings) throw new Error(`product safety: no warnings for collection ${collection}`);
    return { ...MANUFACTURER, bezpieczenstwo: warnings.join('\n') };
}

/** An EAN-13 in the GS1 Poland range (590), made from the product id and the variant's position, with its check digit. */
export function ean13(productId: number, variantIndex: number): string {
    const body = `590${String(productId).padStart(5, '0')}${String(variantIndex).padStart(4, '0')}`;
    const sum = [...body].reduce((acc, d, i) => acc + Number(d) * (i % 2 ? 3 : 1), 0);
    return body + String((10 - (sum % 10)) % 10);
}
