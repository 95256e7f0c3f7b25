/**
 * Custom fields with the spec's exact names (spec §3), except those of OrderLine (the extras and the
 * configurator), which the extras pricing plugin adds (plugins/extras-pricing/config/order-line-custom-fields.ts).
 */
import { type CustomFields, LanguageCode } from '@vendure/core';

const pl = (value: string) => [{ languageCode: LanguageCode.pl, value }];

const DATE_PATTERN = '^(\\d{4}-\\d{2}-\\d{2})?$';

export const customFields: CustomFields = {
    // Product safety information (GPSR, Regulation (EU) 2023/988 art. 19): shown on the product page.
    Product: [
        {
            name: 'producent',
            type: 'string',
            public: true,
            nullable: true,
            length: 200,
            label: pl('Producent: nazwa'),
            description: pl('Nazwa lub firma producenta (GPSR); pusta: na stronie produktu nie ma sekcji producenta.'),
        },
        {
            name: 'producentadres',
            type: 'text',
            public: true,
            nullable: true,
            label: pl('Producent: adres pocztowy'),
            description: pl('Pełny adres pocztowy producenta, w wierszach jak na kopercie.'),
        },
        {
            name: 'producentemail',
            type: 'string',
            public: true,
            nullable: true,
            length: 200,
            label: pl('Producent: adres e-mail'),
            description: pl('Adres do kontaktu w sprawie bezpieczeństwa produktu.'),
        },
        {
            name: 'bezpieczenstwo',
            type: 'text',
            public: true,
            nullable: true,
            label: pl('Ostrzeżenia i informacje o bezpieczeństwie'),
            description: pl('Po polsku; każdy akapit w osobnym wierszu.'),
        },
    ],
    ProductVariant: [
        {
            name: 'staracena',
            type: 'int',
            public: true,
            nullable: true,
            label: pl('Stara cena (grosze)'),
            description: pl('Cena przed obniżką, w groszach; tylko dla wariantów w promocji.'),
        },
        {
            name: 'ean',
            type: 'string',
            public: true,
            nullable: true,
            length: 14,
            label: pl('EAN (GTIN-13)'),
            description: pl('13 cyfr kodu kreskowego z opakowania; trafia do danych strukturalnych strony produktu.'),
        },
    ],
    Customer: [
        {
            name: 'dataurodzinwlasciciela',
            type: 'string',
            nullable: true,
            pattern: DATE_PATTERN,
            label: pl('Data urodzin właściciela (RRRR-MM-DD)'),
        },
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
