import { describe, expect, it } from 'vitest';
import {
  BUCKET_COUNT,
  buildBuckets,
  bucketKvKey,
  bucketOf,
  kvKeyFor,
  matchBucket,
  parseBucket,
  resolveTarget,
  serialiseBucket,
} from './lookup';
import { parseTable } from './table';

const entries = parseTable(
  [
    'from\tto',
    '/akcesoria/szelki/\t/c/dla-psa/akcesoria/szelki',
    '/akcesoria/szelki/{produkt}/\t/c/dla-psa/akcesoria/szelki',
    '/akcesoria/szelki/szelki-guard/\t/c/dla-psa/akcesoria/szelki/szelki-typu-guard',
    '/psia-baza-wiedzy/\t{blog}/rasy-psow/',
    '/psia-baza-wiedzy/{breed}/\t{blog}/rasy-psow/{breed}/',
    '/sklep/\t/c/dla-psa',
    '/kontakt-z-nami/\tkontakt',
    '/stare/strony/o-firmie/\t../o-nas',
  ].join('\n'),
).entries;
const buckets = buildBuckets(entries);
const lookup = (path: string) => matchBucket(buckets.get(kvKeyFor(path)) ?? null, path);
const ctx = { origin: 'https://sklep.test', blogUrl: 'https://blog.test/' };

describe('bucket layout', () => {
  it('puts every key with the same first segment in the same bucket', () => {
    expect(bucketOf('/produkt/a')).toBe(bucketOf('/produkt/b/c'));
    expect(bucketKvKey(3)).toBe('redirects:v1:03');
    const all = Array.from({ length: 200 }, (_, i) => bucketOf(`/segment-${i}`));
    expect(new Set(all).size).toBe(BUCKET_COUNT);
  });

  it('serialises deterministically, whatever the row order', () => {
    const reversed = buildBuckets([...entries].reverse());
    for (const [key, bucket] of buckets) expect(serialiseBucket(reversed.get(key)!)).toBe(serialiseBucket(bucket));
  });

  it('reads back what it wrote and treats garbage as no bucket', () => {
    const [key, bucket] = [...buckets][0]!;
    expect(parseBucket(serialiseBucket(bucket))).toEqual(JSON.parse(serialiseBucket(bucket)));
    expect(key).toMatch(/^redirects:v1:\d\d$/);
    expect(parseBucket('not json')).toBeNull();
    expect(parseBucket('{"exact":1}')).toBeNull();
    expect(parseBucket(null)).toBeNull();
  });
});

describe('matchBucket', () => {
  it('prefers the exact entry over a pattern', () => {
    expect(lookup('/akcesoria/szelki/szelki-guard')?.to).toBe('/c/dla-psa/akcesoria/szelki/szelki-typu-guard');
    expect(lookup('/akcesoria/szelki/szelki-moro')?.to).toBe('/c/dla-psa/akcesoria/szelki');
  });

  it('carries a {token} into the target', () => {
    expect(lookup('/psia-baza-wiedzy/labrador')).toEqual({ to: '{blog}/rasy-psow/labrador/', base: '/psia-baza-wiedzy/labrador' });
  });

  it('collapses …/page/N to the list’s entry', () => {
    expect(lookup('/sklep/page/77')?.to).toBe('/c/dla-psa');
    expect(lookup('/akcesoria/szelki/page/3')?.to).toBe('/c/dla-psa/akcesoria/szelki');
    expect(lookup('/psia-baza-wiedzy/labrador/page/2')?.to).toBe('{blog}/rasy-psow/labrador/');
  });

  it('misses unknown keys, including prototype names', () => {
    expect(lookup('/nic-takiego')).toBeNull();
    expect(lookup('/sklep/koszyk')).toBeNull();
    expect(matchBucket({ exact: {}, patterns: [] }, '/constructor')).toBeNull();
    expect(matchBucket(null, '/sklep')).toBeNull();
  });
});

describe('resolveTarget', () => {
  it('resolves {blog} against BLOG_URL, whatever its trailing slash', () => {
    expect(resolveTarget(lookup('/psia-baza-wiedzy')!, ctx)).toBe('https://blog.test/rasy-psow/');
    expect(resolveTarget(lookup('/psia-baza-wiedzy/york')!, { ...ctx, blogUrl: 'http://127.0.0.1:3001' })).toBe(
      'http://127.0.0.1:3001/rasy-psow/york/',
    );
  });

  it('resolves internal and relative targets on the request’s origin', () => {
    expect(resolveTarget(lookup('/sklep')!, ctx)).toBe('https://sklep.test/c/dla-psa');
    expect(resolveTarget(lookup('/kontakt-z-nami')!, ctx)).toBe('https://sklep.test/kontakt');
    expect(resolveTarget(lookup('/stare/strony/o-firmie')!, ctx)).toBe('https://sklep.test/stare/o-nas');
  });

  it('translates old listing parameters onto category targets only', () => {
    const search = new URLSearchParams('orderby=price&attributes=27&utm_source=x');
    expect(resolveTarget(lookup('/akcesoria/szelki')!, { ...ctx, search })).toBe(
      'https://sklep.test/c/dla-psa/akcesoria/szelki?a=27&sort=PRICE_ASC',
    );
    expect(resolveTarget(lookup('/kontakt-z-nami')!, { ...ctx, search })).toBe('https://sklep.test/kontakt');
    expect(resolveTarget(lookup('/psia-baza-wiedzy')!, { ...ctx, search })).toBe('https://blog.test/rasy-psow/');
  });

  it('encodes a token value taken from the request', () => {
    const match = matchBucket(buckets.get(kvKeyFor('/psia-baza-wiedzy/x')) ?? null, '/psia-baza-wiedzy/a"b<c>%2fd');
    expect(resolveTarget(match!, ctx)).toBe('https://blog.test/rasy-psow/a%22b%3Cc%3E%2fd/');
  });
});
