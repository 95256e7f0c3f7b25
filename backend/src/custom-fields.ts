/**
 * Custom fields with the spec's exact names (spec §3). Order-line ranges are validated here, in the
 * backend, with Polish messages: a request with an out-of-range value is refused with a GraphQL
 * USER_INPUT_ERROR whose message is the Polish text below.
 */
import { type CustomFields, LanguageCode } from '@vendure/core';

const pl = (value: string) => [{ languageCode: LanguageCode.pl, value }];

/** Whole-number option that counts only when above 0; 0 or null means "none". */
function rangeValidator(min: number, max: number, message: string) {
    return (value: unknown) => {
        if (value === null || value === undefined || value === 0) return;
        if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
            return pl(message);
        }
    };
}

function oneOf(allowed: readonly string[], message: string) {
    return (value: unknown) => {
        if (value === null || value === undefined || value === '') return;
        if (typeof value !== 'string' || !allowed.includes(value)) return pl(message);
    };
}

/** Allowed string values of the option selections (empty string / null = not chosen). */
export const PODSZYCIE_VALUES = ['tak', 'polar', 'softshell'] as const;
export const KOLOR_OKUC_VALUES = ['srebrny', 'czarny'] as const;
export const TAK_VALUES = ['tak'] as const;

export const ORDER_LINE_LIMITS = {
    customObwodSzyi: { min: 20, max: 90 },
    customObwodKlatki: { min: 20, max: 130 },
    dodatkowyMetr: { min: 0, max: 20 },
} as const;

const DATE_PATTERN = '^(\\d{4}-\\d{2}-\\d{2})?$';

export const customFields: CustomFields = {
    ProductVariant: [
        {
            name: 'staracena',
            type: 'int',
            public: true,
            nullable: true,
            label: pl('Stara cena (grosze)'),
            description: pl('Cena przed obniżką, w groszach; tylko dla wariantów w promocji.'),
        },
    ],
    OrderLine: [
        { name: 'configurator', type: 'text', nullable: true, label: pl('Konfigurator (JSON)') },
        {
            name: 'customObwodKlatki',
            type: 'int',
            nullable: true,
            label: pl('Obwód klatki piersiowej (cm)'),
            validate: rangeValidator(20, 130, 'Obwód klatki piersiowej musi wynosić od 20 do 130 cm.'),
        },
        {
            name: 'customObwodSzyi',
            type: 'int',
            nullable: true,
            label: pl('Obwód szyi (cm)'),
            validate: rangeValidator(20, 90, 'Obwód szyi musi wynosić od 20 do 90 cm.'),
        },
        {
            name: 'dodatkowyMetr',
            type: 'int',
            nullable: true,
            label: pl('Dodatkowa długość (m)'),
            validate: rangeValidator(0, 20, 'Dodatkowa długość smyczy musi wynosić od 0 do 20 m.'),
        },
        {
            name: 'kolorOkuc',
            type: 'string',
            nullable: true,
            label: pl('Kolor okuć'),
            validate: oneOf(KOLOR_OKUC_VALUES, 'Nieznany kolor okuć. Dostępne: srebrny, czarny.'),
        },
        {
            name: 'odblaski',
            type: 'string',
            nullable: true,
            label: pl('Odblaski'),
            validate: oneOf(TAK_VALUES, 'Nieprawidłowa wartość pola „odblaski”.'),
        },
        {
            name: 'podszycie',
            type: 'string',
            nullable: true,
            label: pl('Podszycie'),
            validate: oneOf(PODSZYCIE_VALUES, 'Nieprawidłowy rodzaj podszycia.'),
        },
        {
            name: 'raczka',
            type: 'string',
            nullable: true,
            label: pl('Dodatkowa rączka'),
            validate: oneOf(TAK_VALUES, 'Nieprawidłowa wartość pola „rączka”.'),
        },
        {
            name: 'dopasowanieRozmiaru',
            type: 'boolean',
            nullable: true,
            label: pl('Dopasowanie rozmiaru'),
        },
    ],
    Customer: [
        { name: 'dataurodzinwlasciciela', type: 'string', nullable: true, pattern: DATE_PATTERN, label: pl('Data urodzin właściciela (RRRR-MM-DD)') },
        { name: 'imiepsa', type: 'string', nullable: true, length: 100, label: pl('Imię psa') },
        { name: 'rasapsa', type: 'string', nullable: true, length: 100, label: pl('Rasa psa') },
        { name: 'wagapsa', type: 'string', nullable: true, length: 20, label: pl('Waga psa') },
        { name: 'dataurodzinpsa', type: 'string', nullable: true, pattern: DATE_PATTERN, label: pl('Data urodzin psa (RRRR-MM-DD)') },
        { name: 'ulubionazabawkapsa', type: 'string', nullable: true, length: 200, label: pl('Ulubiona zabawka psa') },
        { name: 'ulubioneprzysmakipsa', type: 'string', nullable: true, length: 200, label: pl('Ulubione przysmaki psa') },
        { name: 'alergiepsa', type: 'string', nullable: true, length: 200, label: pl('Alergie psa') },
        { name: 'newsletter', type: 'boolean', nullable: false, defaultValue: false, label: pl('Zgoda na newsletter') },
    ],
    Address: [
        { name: 'paczkomat', type: 'string', nullable: true, length: 20, label: pl('Paczkomat InPost') },
        {
            name: 'nip',
            type: 'string',
            nullable: true,
            length: 20,
            label: pl('NIP'),
            validate: (value: unknown) => {
                if (value === null || value === undefined || value === '') return;
                const digits = String(value).replace(/[\s-]/g, '');
                if (!/^\d{10}$/.test(digits)) return pl('NIP musi składać się z 10 cyfr.');
            },
        },
        { name: 'fvat', type: 'boolean', nullable: false, defaultValue: false, label: pl('Faktura VAT') },
    ],
    Channel: [
        { name: 'topBarTitle', type: 'text', nullable: true, public: true, label: pl('Pasek górny: tytuł (może zawierać prosty HTML)') },
        { name: 'topBarDate', type: 'datetime', nullable: true, public: true, label: pl('Pasek górny: koniec odliczania') },
    ],
};
