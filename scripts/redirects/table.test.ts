import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTable } from './cli';

const root = resolve(import.meta.dirname, '../..');
const { entries, errors } = loadTable(resolve(root, 'redirects/table.tsv'), root);
const count = (test: (from: string, to: string) => boolean) => entries.filter((e) => test(e.from, e.to)).length;

describe('redirects/table.tsv', () => {
  it('passes every rule against the live route table and the seeded catalogue', () => {
    expect(errors).toEqual([]);
    expect(entries.length).toBeGreaterThanOrEqual(600);
  });

  it('covers every family of the spec', () => {
    const families: Array<[string, (from: string, to: string) => boolean, number]> = [
      ['old short /c/ paths', (f) => f.startsWith('/c/'), 40],
      ['/akcesoria/ and /akcsoria/', (f) => /^\/akc(e)?soria\//.test(f), 40],
      ['/akcsoria/obroze/', (f) => f.startsWith('/akcsoria/obroze/'), 5],
      ['/kategoria-produktu/', (f) => f.startsWith('/kategoria-produktu/'), 30],
      ['/produkt/ → /p/', (f, t) => f.startsWith('/produkt/') && t.startsWith('/p/'), 150],
      ['/produkt/ → category', (f, t) => f.startsWith('/produkt/') && t.startsWith('/c/'), 30],
      ['/sklep/page/N/', (f) => /^\/sklep\/page\/\d+\/$/.test(f), 53],
      ['/shop/', (f) => f.startsWith('/shop/'), 5],
      ['cart, checkout, account', (f) => /^\/(koszyk|zamowienie|moje-konto)\//.test(f), 10],
      ['uploads', (f) => f.startsWith('/wp-content/uploads/'), 10],
      ['English', (f) => f.startsWith('/en/'), 15],
      ['help pages', (_, t) => /^\/(pomoc|obsluga-klienta|o-produkcie|page)(\/|$)/.test(t), 50],
      ['forms → PDF', (_, t) => t.startsWith('/pliki/') && t.endsWith('.pdf'), 6],
      ['blog', (_, t) => t.startsWith('{blog}/') && !t.includes('rasy-psow'), 100],
      ['breeds', (f) => f.startsWith('/psia-baza-wiedzy/'), 10],
    ];
    for (const [name, test, min] of families) expect(count(test), name).toBeGreaterThanOrEqual(min);
    for (const section of ['zdrowie', 'wychowanie', 'w-psim-swiecie', 'zywienie', 'adopcja', 'sport']) {
      expect(
        count((_, t) => t.startsWith(`{blog}/${section}/`)),
        section,
      ).toBeGreaterThan(5);
    }
  });

  it('holds the examples of the issue', () => {
    const to = (from: string) => entries.find((e) => e.from === from)?.to;
    expect(to('/c/dla-psa/smycze')).toBe('/c/dla-psa/akcesoria/smycze');
    expect(to('/c/akcesoria/szelki')).toBe('/c/dla-psa/akcesoria/szelki');
    expect(to('/c/dla-psa/akcesoria/dodatki/dodatki-do-smyczy')).toBe('/c/dla-psa/akcesoria/dodatki/akcesoria-do-smyczy');
    expect(to('/akcesoria/szelki/')).toBe('/c/dla-psa/akcesoria/szelki');
    expect(to('/akcesoria/pasy-do-samochodu/')).toBe('/c/dla-psa/akcesoria/dodatki/pasy-do-samochodu');
    expect(to('/wyprzedaz/')).toBe('/c/dla-psa');
    expect(to('/koszyk/')).toBe('/');
    expect(to('/sklep/')).toBe('/c/dla-psa');
    expect(to('/sklep/page/54/')).toBe('/c/dla-psa');
    expect(to('/category/zdrowie-psa/page/14/')).toBe('{blog}/zdrowie/');
    expect(to('/psia-baza-wiedzy/')).toBe('{blog}/rasy-psow/');
    expect(to('/psia-baza-wiedzy/{breed}/')).toBe('{blog}/rasy-psow/{breed}/');
    expect(to('/zwroty/')).toBe('/obsluga-klienta/zwrot');
    expect(to('/formularz-odstapienia-od-umowy/')).toBe('/pliki/formularz-odstapienia.pdf');
    expect(to('/formularz-wymiany/')).toBe('/pliki/formularz-wymiany.pdf');
    expect(entries.filter((e) => !/^(\/|\{blog\}|https?:)/.test(e.to)).map((e) => e.to)).toEqual(['kontakt']);
  });
});
