/**
 * The text rules of the Polish search, without I/O: folding (case, diacritics incl. ł), tokens,
 * a suffix-rule stemmer for the inflected forms shoppers type, and the one-edit distance used for
 * typo tolerance. The same functions prepare the indexed text and the shopper's term, so both
 * sides always agree.
 *
 * @example
 * fold('OBROŻA Łańcuszkowa') // 'obroza lancuszkowa'
 * stem('szelek') === stem('szelki') // 'szelk'
 * withinOneEdit('szleki', 'szelki') // true (a transposition is one edit)
 */

/** Letters NFD does not decompose into base + mark. */
const SPECIAL: Record<string, string> = { ł: 'l', ß: 'ss', ø: 'o', đ: 'd', æ: 'ae', œ: 'oe', ı: 'i' };

/** Lower case without diacritics; `ł` → `l`. Anything that is not a letter or digit stays as it is (tokenize drops it). */
export function fold(text: string): string {
    return text
        .toLowerCase()
        .normalize('NFD')
        .replace(/\p{M}+/gu, '')
        .replace(/[łßøđæœı]/g, c => SPECIAL[c] ?? c);
}

/** Longest token kept (a 200-character term is cut into tokens of at most this length). */
export const MAX_TOKEN = 40;
/** Tokens of one term that are matched; the rest of a very long term is ignored. */
export const MAX_QUERY_TOKENS = 8;

/** Folded words: runs of letters/digits (any script); everything else separates them. */
export function tokenize(text: string): string[] {
    const out: string[] = [];
    for (const m of fold(text).matchAll(/[\p{L}\p{N}]+/gu)) out.push(m[0].slice(0, MAX_TOKEN));
    return out;
}

/** Words that carry no meaning in a product search; dropped from a term that has other words. */
const STOP_WORDS = new Set(['i', 'w', 'we', 'z', 'ze', 'na', 'do', 'dla', 'od', 'o', 'a', 'oraz', 'lub', 'po', 'u']);

/** The words of a shopper's term that must all match: folded, deduplicated, stop words dropped (unless only they remain). */
export function queryTokens(term: string): string[] {
    const all = [...new Set(tokenize(term))];
    const meaningful = all.filter(t => !STOP_WORDS.has(t));
    return (meaningful.length ? meaningful : all).slice(0, MAX_QUERY_TOKENS);
}

/** Irregular forms a suffix rule cannot reach (folded). */
const IRREGULAR: Record<string, string> = {
    psa: 'pies',
    psu: 'pies',
    psem: 'pies',
    psie: 'pies',
    psy: 'pies',
    psow: 'pies',
    psami: 'pies',
    psach: 'pies',
    psom: 'pies',
    psiak: 'pies',
    psiaki: 'pies',
    psiakow: 'pies',
    pieski: 'pies',
    piesek: 'pies',
    pieskow: 'pies',
};

/**
 * Inflectional endings (folded), longest first. Nouns: -ami -ach -om -ow -em -e -i -y -a -u -o;
 * adjectives: -ego -emu -ych -ymi -ich -imi -ej -a -e -y -i -o; so `smycz/smycze/smyczy`,
 * `obroza/obrozy/obroze`, `odblaskowa/odblaskowy/odblaskowej` share a stem.
 */
const ENDINGS = ['iem', 'ami', 'ach', 'ego', 'emu', 'ych', 'ymi', 'ich', 'imi', 'om', 'ow', 'em', 'ej', 'ie', 'a', 'e', 'i', 'y', 'o', 'u'];
/** A stem is never shorter than this; shorter words are left whole. */
const MIN_STEM = 3;

/**
 * The stem of a folded token. One ending is stripped; a word without one that ends in a
 * consonant + `ek` or `iec` loses the mobile `e` (`szelek` → `szelk`, `worek` → `work`,
 * `pokrowiec` → `pokrowc`), which is what `szelki`, `worki`, `pokrowce` strip to. Digits and short words are
 * returned as they are.
 */
export function stem(token: string): string {
    const irregular = IRREGULAR[token];
    if (irregular) return irregular;
    if (token.length <= MIN_STEM || /\d/.test(token)) return token;
    for (const ending of ENDINGS) {
        if (token.endsWith(ending) && token.length - ending.length >= MIN_STEM) return token.slice(0, -ending.length);
    }
    if (/[^aeiouy]ek$/.test(token) && token.length >= 5) return token.slice(0, -2) + 'k';
    if (/[^aeiouy]iec$/.test(token) && token.length >= 6) return token.slice(0, -3) + 'c';
    return token;
}

/** Words shorter than this get no typo tolerance (the issue: one edit in words of 5+ letters). */
export const FUZZY_MIN_LENGTH = 5;

/**
 * Whether `a` becomes `b` by at most one edit: insert, delete, substitute or swap two neighbours
 * (optimal string alignment distance ≤ 1). Linear time, no allocation.
 */
export function withinOneEdit(a: string, b: string): boolean {
    if (a === b) return true;
    const la = a.length;
    const lb = b.length;
    if (Math.abs(la - lb) > 1) return false;
    let i = 0;
    while (i < la && i < lb && a[i] === b[i]) i++;
    if (la === lb) {
        // one substitution, or one transposition of neighbours
        if (a.slice(i + 1) === b.slice(i + 1)) return true;
        return i + 1 < la && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
    }
    // one insertion/deletion at i
    return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** Plain text of an HTML description (tags and entities out). */
export function htmlText(html: string): string {
    // bounded: product descriptions written by staff in the Dashboard (indexed at build time), not shoppers' input
    return html
        .replace(/<[^>]*>/g, ' ')
        .replace(/&[a-z]+;|&#\d+;/gi, ' ')
        .replace(/\s+/g, ' ')
        .trim();
}
