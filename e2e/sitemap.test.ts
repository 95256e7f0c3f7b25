import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { urlset } from '../features/sitemap/sitemap-xml';
import { root } from '../scripts/test-stack/stack';

/**
 * The sitemaps the running stack serves, validated against the sitemaps.org schemas and Google's
 * image extension kept in features/sitemap/schemas/ (no network), with Debian's xmllint
 * (libxml2-utils, which .ci/run installs). The worker test (features/sitemap/sitemap.server.test.ts)
 * checks what they list; this one that search engines can read them.
 */
const SCHEMAS = join(root, 'features/sitemap/schemas');
const INDEX_XSD = join(SCHEMAS, 'siteindex.xsd');
const URLSET_XSD = join(SCHEMAS, 'sitemap-with-images.xsd');

function xmllint(): string {
  const found = spawnSync('sh', ['-c', 'command -v xmllint'], { encoding: 'utf8' }).stdout.trim();
  if (!found) throw new Error("xmllint not found: install Debian's libxml2-utils (apt-get install -y libxml2-utils; .ci/run does)");
  return found;
}

const dir = mkdtempSync(join(tmpdir(), 'sitemaps-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** xmllint's verdict on `xml` against `xsd`: '' when it validates, else its messages. */
function validate(xml: string, xsd: string, name: string): string {
  const file = join(dir, name);
  writeFileSync(file, xml);
  const run = spawnSync(xmllint(), ['--noout', '--nonet', '--schema', xsd, file], { encoding: 'utf8' });
  return run.status === 0 ? '' : `${run.stderr}${run.stdout}`.trim() || `xmllint exited ${run.status}`;
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

describe('the sitemaps validate against the sitemaps.org and Google image schemas (issue 39)', () => {
  it('validates the index and every sitemap it lists', async () => {
    const base = inject('storefrontUrl');
    const index = await fetch(`${base}/sitemap.xml`);
    expect(index.status).toBe(200);
    const indexXml = await index.text();
    expect(validate(indexXml, INDEX_XSD, 'sitemap.xml')).toBe('');
    const sitemaps = locs(indexXml);
    expect(sitemaps.length).toBeGreaterThanOrEqual(4);
    for (const loc of sitemaps) {
      const path = new URL(loc).pathname;
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(200);
      const xml = await res.text();
      expect(validate(xml, URLSET_XSD, path.slice(1)), path).toBe('');
      if (path.startsWith('/sitemap-products-')) expect(xml, path).toContain('<image:image><image:loc>');
    }
  });

  it('validates a sitemap of hostile values, and the validator refuses a broken one', () => {
    const xml = urlset([
      {
        loc: 'https://sklep.test/p/1/<script>&"\'x\u0001',
        lastmod: '2026-11-26T06:44:19.123Z',
        images: ['https://cdn.test/a.jpg?w=1&h=2&x=<y>', 'javascript:alert(1)'],
      },
      { loc: 'https://sklep.test/p/2/smycz-żółta' },
    ]);
    expect(validate(xml, URLSET_XSD, 'hostile.xml')).toBe('');
    expect(validate(xml.replace('<lastmod>', '<lastmod>x'), URLSET_XSD, 'broken.xml')).toMatch(/lastmod/);
    expect(
      validate(xml.replace(/<image:loc>/, '<image:caption>').replace(/<\/image:loc>/, '</image:caption>'), URLSET_XSD, 'broken2.xml'),
    ).not.toBe('');
  });

  it('serves robots.txt naming the index on the shop host', async () => {
    const base = inject('storefrontUrl');
    const text = await (await fetch(`${base}/robots.txt`)).text();
    expect(text).toContain(`Sitemap: ${base}/sitemap.xml`);
  });
});
