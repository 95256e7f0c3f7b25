import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { marked } from 'marked';
import xss, { type IFilterXSSOptions } from 'xss';
import type { ContentPage } from '../../features/content/static-page.server';

const sanitiserOptions: IFilterXSSOptions = {
  whiteList: {
    h2: ['id'],
    h3: ['id'],
    h4: ['id'],
    p: [],
    ul: [],
    ol: [],
    li: [],
    strong: [],
    em: [],
    a: ['href', 'title'],
    blockquote: [],
    table: [],
    thead: [],
    tbody: [],
    tr: [],
    th: [],
    td: [],
    code: [],
    hr: [],
    br: [],
  },
  stripIgnoreTagBody: ['script', 'style'],
  onIgnoreTag: (tag) => (tag === '!--' ? '' : undefined),
};

/** Parses the simple `key: value` front matter of a content file; errors name the file and line. */
export function parseFrontMatter(source: string, file: string): { meta: Record<string, string>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(source);
  if (!match) throw new Error(`${file}:1: missing front matter (--- title/description/section/order ---)`);
  const meta: Record<string, string> = {};
  match[1]!.split(/\r?\n/).forEach((line, i) => {
    if (!line.trim()) return;
    const m = /^([A-Za-z]+):\s*(.*)$/.exec(line);
    if (!m) throw new Error(`${file}:${i + 2}: expected "key: value"`);
    meta[m[1]!] = m[2]!.replace(/^"(.*)"$/, '$1').trim();
  });
  return { meta, body: source.slice(match[0].length) };
}

/** Renders every content/pages/{section}/{slug}.md to sanitised HTML, keyed `{section}/{slug}`. */
export function renderContent(dir: string): Record<string, ContentPage> {
  const pages: Record<string, ContentPage> = {};
  for (const section of readdirSync(dir)) {
    const sectionDir = join(dir, section);
    if (!statSync(sectionDir).isDirectory()) continue;
    for (const file of readdirSync(sectionDir).filter((f) => f.endsWith('.md'))) {
      const path = join(sectionDir, file);
      const name = relative(dir, path);
      const { meta, body } = parseFrontMatter(readFileSync(path, 'utf8'), name);
      if (!meta.title) throw new Error(`${name}: front matter needs a title`);
      const slug = file.replace(/\.md$/, '');
      const html = xss(marked.parse(body, { async: false }) as string, sanitiserOptions);
      pages[`${section}/${slug}`] = {
        section,
        slug,
        title: meta.title,
        description: meta.description ?? '',
        order: Number(meta.order ?? 100),
        html: html.replace(/<h1[^>]*>[\s\S]*?<\/h1>/, ''),
      };
    }
  }
  return pages;
}
