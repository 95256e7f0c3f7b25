import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseTable } from './table';

const HEADER = 'from\tto\tstatus\tcomment';
const table = (...rows: string[]) => [HEADER, ...rows].join('\n');

describe('parseTable', () => {
  it('parses rows, skipping comments and blank lines, and normalises keys', () => {
    const { entries, errors } = parseTable(
      [
        '# a comment',
        '',
        HEADER,
        '/Akcesoria/Szelki/\t/c/dla-psa/akcesoria/szelki',
        '',
        '# more',
        '/psia-baza-wiedzy/{breed}/\t{blog}/rasy-psow/{breed}/\t301\tbreeds',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
    expect(entries).toEqual([
      { line: 4, from: '/Akcesoria/Szelki/', to: '/c/dla-psa/akcesoria/szelki', status: 301, key: '/akcesoria/szelki', pattern: false },
      {
        line: 7,
        from: '/psia-baza-wiedzy/{breed}/',
        to: '{blog}/rasy-psow/{breed}/',
        status: 301,
        comment: 'breeds',
        key: '/psia-baza-wiedzy/{breed}',
        pattern: true,
      },
    ]);
  });

  it('reports every bad row with its line number', () => {
    const { errors } = parseTable(
      table(
        '/ok/\t/kontakt',
        '/missing-to',
        '\t/kontakt',
        'akcesoria/\t/kontakt',
        '/a/?orderby=price\t/kontakt',
        '/b/\t/kontakt\t302',
        '/c/\t//evil.example/',
        '/d/\tjavascript:alert(1)',
        '/e/\t{blog}rasy',
        '/f/{x}-y/\t/kontakt',
        '/{x}/\t/kontakt',
        '/g/{x}/\t/p/{y}',
        '/h/\t/kontakt\t\tcomment\textra',
        '/\t/kontakt',
        '/i/\thttps://',
        '/j/{x}/\t../{x}',
      ),
    );
    const byLine = Object.fromEntries(errors.map((e) => [e.line, e.message]));
    expect(Object.keys(byLine).map(Number)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]);
    expect(byLine[3]).toBe('missing field "to"');
    expect(byLine[4]).toBe('missing field "from"');
    expect(byLine[5]).toMatch(/starting with \//);
    expect(byLine[6]).toMatch(/no spaces, query string/);
    expect(byLine[7]).toMatch(/status must be 301/);
    expect(byLine[8]).toMatch(/protocol-relative/);
    expect(byLine[9]).toMatch(/must be a path/);
    expect(byLine[10]).toMatch(/\{blog\} must be followed by \//);
    expect(byLine[11]).toMatch(/whole path segment/);
    expect(byLine[12]).toMatch(/first path segment/);
    expect(byLine[13]).toMatch(/uses \{y\}/);
    expect(byLine[14]).toMatch(/too many columns/);
    expect(byLine[15]).toMatch(/home page/);
    expect(byLine[16]).toMatch(/not a valid URL/);
    expect(byLine[17]).toMatch(/relative target cannot carry \{tokens\}/);
  });

  it('requires the header row', () => {
    expect(parseTable('/a/\t/kontakt').errors).toEqual([{ line: 1, message: expect.stringMatching(/header/) }]);
    expect(parseTable('# only comments\n').errors).toEqual([{ line: 1, message: expect.stringMatching(/empty/) }]);
  });

  it('accepts the real table', () => {
    const { entries, errors } = parseTable(readFileSync(new URL('./table.tsv', import.meta.url), 'utf8'));
    expect(errors).toEqual([]);
    expect(entries.length).toBeGreaterThanOrEqual(600);
  });
});
