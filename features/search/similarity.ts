/** Lower case without diacritics, `ł` → `l`: the backend search's folding (issue 23), so 'obroza' suggests 'Obroże'. */
function foldText(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/ł/g, 'l');
}

/**
 * Trigram similarity as PostgreSQL's pg_trgm computes it: words are folded (foldText),
 * padded with two spaces before and one after, split into 3-character
 * trigrams; similarity = |shared| / |union| of the two trigram sets.
 * Spec §5 keeps a category suggestion only when this is at least 0.1.
 *
 * @example similarity('szelki', 'szelki guard') // 0.5
 */
export function trigrams(text: string): Set<string> {
  const set = new Set<string>();
  for (const word of foldText(text).split(/[^\p{L}\p{N}]+/u)) {
    if (!word) continue;
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) set.add(padded.slice(i, i + 3));
  }
  return set;
}

export function similarity(a: string, b: string): number {
  const ta = trigrams(a);
  const tb = trigrams(b);
  if (ta.size === 0 || tb.size === 0) return 0;
  let shared = 0;
  for (const t of ta) if (tb.has(t)) shared++;
  return shared / (ta.size + tb.size - shared);
}

export const CATEGORY_SIMILARITY_THRESHOLD = 0.1;
