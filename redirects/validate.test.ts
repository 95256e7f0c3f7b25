import { describe, expect, it } from 'vitest';
import { parseTable } from './table';
import { type LiveSite, validateEntries } from './validate';

/** A small live site: a few pages, the category prefix, and a static section. */
const live: LiveSite = {
  routeServing: (path) => (['/', '/kontakt', '/FAQ'].includes(path) ? path : path.startsWith('/pomoc/') ? '/pomoc/:pageName?' : null),
  targetProblem: (path) =>
    ['/', '/kontakt', '/FAQ', '/pomoc/o-nas'].includes(path) || path.startsWith('/c/') || path.endsWith('.pdf')
      ? null
      : `${path} is not a live page`,
};

const check = (...rows: string[]) => {
  const { entries, errors } = parseTable(['from\tto', ...rows].join('\n'));
  expect(errors).toEqual([]);
  return validateEntries(entries, live);
};

describe('validateEntries', () => {
  it('accepts a clean table', () => {
    expect(
      check(
        '/o-nas/\t/pomoc/o-nas',
        '/c/dla-psa/smycze\t/c/dla-psa/akcesoria/smycze',
        '/blog/\t{blog}/',
        '/x/\thttps://example.com/',
        '/napisz/\tkontakt',
      ),
    ).toEqual([]);
  });

  it('rejects a source that is the same path after normalisation, naming the first line', () => {
    expect(
      check('/Akcesoria/Szelki/\t/c/a', '/akcesoria/szelki\t/c/b', '/akcesoria/szelki/{a}\t/c/a', '/akcesoria/szelki/{b}/\t/c/b'),
    ).toEqual([
      { line: 3, message: expect.stringMatching(/^duplicate source \/akcesoria\/szelki: line 2 /) },
      { line: 5, message: expect.stringMatching(/^duplicate source .*line 4 /) },
    ]);
    expect(check('/produkt/obroża/\t/c/a', '/produkt/obro%C5%BCa\t/c/a')[0]).toMatchObject({ line: 3 });
  });

  it('rejects chains and loops with the line of the entry they run into', () => {
    expect(check('/a/\t/b', '/b/\t/c/dla-psa')).toEqual([
      { line: 2, message: expect.stringMatching(/^chain: target \/b is itself a source \(line 3\)/) },
    ]);
    expect(check('/a/\t/b', '/b/\t/a')).toEqual([
      { line: 2, message: expect.stringMatching(/^loop: /) },
      { line: 3, message: expect.stringMatching(/^loop: /) },
    ]);
    expect(check('/a/\t/A/')).toEqual([{ line: 2, message: expect.stringMatching(/^loop: \/a\/ redirects to itself/) }]);
    // a target that only a pattern or a page/N collapse would catch is a chain too
    expect(check('/a/\t/b/x', '/b/{y}\t/c/z')[0]?.message).toMatch(/^chain/);
    expect(check('/a/\t/sklep/page/3', '/sklep/\t/c/z')[0]?.message).toMatch(/^chain/);
  });

  it('requires internal targets (relative ones resolved) to be live pages', () => {
    expect(check('/a/\t/nie-ma', '/b/\tnie-ma', '/c2/\t/pliki/formularz.pdf')).toEqual([
      { line: 2, message: 'target /nie-ma: /nie-ma is not a live page' },
      { line: 3, message: 'target nie-ma: /nie-ma is not a live page' },
    ]);
  });

  it('rejects sources a live page answers, accents and case folded', () => {
    expect(check('/Kontakt/\t/', '/pomoc/regulamin-sklepu\t/', '/c/dla-psa/stare\t/c/dla-psa')).toEqual([
      { line: 2, message: expect.stringMatching(/^source \/Kontakt\/ is a live page \(route \/kontakt\)/) },
      { line: 3, message: expect.stringMatching(/route \/pomoc\/:pageName\?/) },
    ]);
  });
});
