import { describe, expect, it } from 'vitest';
import { canonicalPath, collapsePaging, firstSegment, foldAccents, normaliseKey, safeDecode } from './normalise';

describe('safeDecode', () => {
  it('decodes UTF-8 percent-escapes', () => {
    expect(safeDecode('/obs%C5%82uga-klienta/faq')).toBe('/obsługa-klienta/faq');
    expect(safeDecode('/produkt/obro%c5%bca-z-klamr%c4%85')).toBe('/produkt/obroża-z-klamrą');
  });

  it('never throws on malformed input and keeps invalid bytes encoded', () => {
    expect(safeDecode('/a%B3b')).toBe('/a%B3b'); // ISO-8859-2 "ł": not UTF-8
    expect(safeDecode('/a%E2%82')).toBe('/a%E2%82'); // truncated sequence
    expect(safeDecode('/100%')).toBe('/100%');
    expect(safeDecode('/a%zz')).toBe('/a%zz');
    expect(safeDecode('/ok%C5%82%B3')).toBe('/okł%B3');
  });

  it('keeps characters that would change the path structure encoded', () => {
    expect(safeDecode('/a%2Fb%3Fc%23d%25e%5Cf')).toBe('/a%2Fb%3Fc%23d%25e%5Cf');
    expect(safeDecode('/a%00b%0Ac')).toBe('/a%00b%0Ac');
  });
});

describe('foldAccents', () => {
  it('folds every Polish diacritic, including ł and Ł which NFD does not decompose', () => {
    expect(foldAccents('ąćęłńóśźż ĄĆĘŁŃÓŚŹŻ')).toBe('acelnoszz ACELNOSZZ');
  });
});

describe('canonicalPath and normaliseKey', () => {
  it('decode, fold, collapse slashes and drop the trailing slash; the key is lower case', () => {
    expect(canonicalPath('/Obs%C5%82uga-Klienta//FAQ/')).toBe('/Obsluga-Klienta/FAQ');
    expect(normaliseKey('/Obs%C5%82uga-Klienta//FAQ/')).toBe('/obsluga-klienta/faq');
    expect(normaliseKey('/AKCESORIA/Szelki/')).toBe('/akcesoria/szelki');
    expect(normaliseKey('/produkt/obroża-z-klamrą-classic/')).toBe('/produkt/obroza-z-klamra-classic');
  });

  it('is idempotent and leaves the root alone', () => {
    for (const path of ['/', '//', '/a/b/', '/Ł%C3%B3d%C5%BA/']) {
      expect(normaliseKey(normaliseKey(path))).toBe(normaliseKey(path));
    }
    expect(normaliseKey('/')).toBe('/');
    expect(normaliseKey('//')).toBe('/');
  });

  it('never produces a protocol-relative path', () => {
    expect(canonicalPath('//evil.example/x')).toBe('/evil.example/x');
  });
});

describe('firstSegment and collapsePaging', () => {
  it('finds the first segment', () => {
    expect(firstSegment('/produkt/x')).toBe('produkt');
    expect(firstSegment('/sklep')).toBe('sklep');
    expect(firstSegment('/')).toBe('');
  });

  it('collapses …/page/N to the list, but never to the home page', () => {
    expect(collapsePaging('/sklep/page/54')).toBe('/sklep');
    expect(collapsePaging('/category/zdrowie-psa/page/3')).toBe('/category/zdrowie-psa');
    expect(collapsePaging('/page/2')).toBeNull();
    expect(collapsePaging('/sklep/page/dwa')).toBeNull();
    expect(collapsePaging('/sklep')).toBeNull();
  });
});
