import { describe, expect, it } from 'vitest';
import { MAX_IMAGES, MAX_LOC, PROTOCOL_LIMITS, entriesPerFile, sitemapIndex, sitemapLoc, urlset, w3cDate } from './sitemap-xml';

const bytes = (s: string) => new TextEncoder().encode(s).length;

describe('sitemap XML', () => {
  it('takes absolute http(s) locations only, percent-encoded and escaped, at most 2,048 characters', () => {
    expect(sitemapLoc('https://sklep.test/p/1/szelki?w=1&h=2')).toBe('https://sklep.test/p/1/szelki?w=1&amp;h=2');
    expect(sitemapLoc('https://sklep.test/p/1/smycz-żółta')).toBe('https://sklep.test/p/1/smycz-%C5%BC%C3%B3%C5%82ta');
    expect(sitemapLoc('https://sklep.test/p/1/<script>"x"')).toBe('https://sklep.test/p/1/%3Cscript%3E%22x%22');
    for (const bad of ['/p/1/x', 'javascript:alert(1)', 'ftp://sklep.test/x', 'not a url', '']) expect(sitemapLoc(bad), bad).toBeNull();
    const long = `https://sklep.test/${'a'.repeat(MAX_LOC)}`;
    expect(sitemapLoc(long)).toBeNull();
    expect(sitemapLoc(long.slice(0, MAX_LOC))).toHaveLength(MAX_LOC);
  });

  it('writes times in the W3C form, and nothing for none or junk', () => {
    expect(w3cDate('2026-11-26T06:44:19.123Z')).toBe('2026-11-26T06:44:19Z');
    expect(w3cDate('2026-11-26T07:44:19+01:00')).toBe('2026-11-26T06:44:19Z');
    expect(w3cDate(null)).toBeNull();
    expect(w3cDate('junk')).toBeNull();
  });

  it('leaves out entries and pictures whose location is not valid, and pictures past MAX_IMAGES', () => {
    const xml = urlset([
      { loc: 'javascript:alert(1)' },
      {
        loc: 'https://sklep.test/p/1/a',
        lastmod: '2026-11-26T06:44:19Z',
        images: ['data:image/png;base64,AAAA', ...Array.from({ length: MAX_IMAGES + 5 }, (_, i) => `https://cdn.test/${i}.jpg`)],
      },
      { loc: 'https://sklep.test/kontakt', lastmod: 'junk' },
    ]);
    expect(xml.match(/<url>/g)).toHaveLength(2);
    expect(xml.match(/<image:image>/g)).toHaveLength(MAX_IMAGES);
    expect(xml).not.toContain('javascript:');
    expect(xml).toContain('<url><loc>https://sklep.test/kontakt</loc></url>');
    expect(sitemapIndex([{ loc: 'https://sklep.test/sitemap-pages-1.xml' }])).toContain(
      '<sitemap><loc>https://sklep.test/sitemap-pages-1.xml</loc></sitemap>',
    );
  });

  it('fits a file of the largest entries possible under the byte limit', () => {
    const limits = { maxUrls: PROTOCOL_LIMITS.maxUrls, maxBytes: 400_000 };
    const n = entriesPerFile(limits, true);
    const longest = (prefix: string) => `${prefix}${'x'.repeat(MAX_LOC - prefix.length)}`;
    const entries = Array.from({ length: n }, (_, i) => ({
      loc: longest(`https://sklep.test/p/${i}/`),
      lastmod: '2026-11-26T06:44:19Z',
      images: Array.from({ length: MAX_IMAGES + 3 }, (_, k) => longest(`https://cdn.test/${i}/${k}/`)),
    }));
    expect(bytes(urlset(entries))).toBeLessThanOrEqual(limits.maxBytes);
    // one more would not always fit: the bound is tight to within one entry
    expect(bytes(urlset([...entries, entries[0]!, entries[0]!]))).toBeGreaterThan(limits.maxBytes);
    expect(entriesPerFile({ maxUrls: 10, maxBytes: PROTOCOL_LIMITS.maxBytes }, true)).toBe(10);
    // without pictures: 2,128 bytes an entry at most, 24,637 in 50 MB
    expect(entriesPerFile(PROTOCOL_LIMITS, false)).toBe(24_637);
    // with pictures: 44,088 bytes an entry at most, 1,189 in 50 MB
    expect(entriesPerFile(PROTOCOL_LIMITS, true)).toBe(1_189);
    expect(() => entriesPerFile({ maxUrls: 10, maxBytes: 1000 }, true)).toThrow(/too small/);
  });
});
