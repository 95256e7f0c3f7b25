import { describe, expect, it } from 'vitest';
import { similarity, trigrams } from './similarity';

describe('trigram similarity (pg_trgm semantics)', () => {
  it('builds padded trigrams like pg_trgm show_trgm', () => {
    // SELECT show_trgm('cat') → {"  c"," ca","at ","cat"}
    expect([...trigrams('cat')].sort()).toEqual(['  c', ' ca', 'at ', 'cat']);
  });

  it('matches known pg_trgm values', () => {
    // SELECT similarity('word', 'two words') → 0.36363637
    expect(similarity('word', 'two words')).toBeCloseTo(0.363636, 5);
    expect(similarity('szelki', 'szelki')).toBe(1);
    expect(similarity('smycz', 'obroże')).toBe(0);
  });

  it('is case-insensitive and handles Polish letters', () => {
    expect(similarity('Obroże', 'obroże z klamrą')).toBeGreaterThan(0.1);
  });

  it('folds diacritics and ł like the backend search, so a term typed without them keeps its categories', () => {
    expect(similarity('obroze', 'Obroże')).toBe(1);
    expect(similarity('OBROZE Z KLAMRA', 'Obroże z klamrą')).toBe(1);
    expect(similarity('lancuszek', 'Łańcuszek')).toBe(1);
    expect(similarity('ąęł', 'ael')).toBe(1);
    expect(similarity('🐶', 'Obroże')).toBe(0);
  });
});
