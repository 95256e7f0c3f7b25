/**
 * The order-line custom fields of the extras and the configurator (spec §3). Ranges and values are
 * validated here, in the backend, with Polish messages: a request with an out-of-range value is
 * refused with a GraphQL USER_INPUT_ERROR whose message is the Polish text below. Prices and
 * offers are the business of extras-pricing.rules.ts.
 */
import { type CustomFieldConfig, LanguageCode } from '@vendure/core';

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

export const orderLineCustomFields: CustomFieldConfig[] = [
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
];
