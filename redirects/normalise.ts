/**
 * THE key normaliser of the redirect table. The worker (lookup) and the seeding
 * script (write) both call `normaliseKey`, so a key can never be written in one
 * form and looked up in another.
 *
 * Steps, in order: safe percent-decoding → diacritics folded to ASCII →
 * repeated slashes collapsed → trailing slash dropped → lower case.
 */

/** Characters that must stay percent-encoded: decoding them would change the path's structure. */
const RESERVED = new Set(['/', '?', '#', '%', '\\']);

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** Expected UTF-8 sequence length for a lead byte, or 0 when it cannot start one. */
function sequenceLength(lead: number): number {
  if (lead < 0x80) return 1;
  if (lead >= 0xc2 && lead <= 0xdf) return 2;
  if (lead >= 0xe0 && lead <= 0xef) return 3;
  if (lead >= 0xf0 && lead <= 0xf4) return 4;
  return 0;
}

function decodeRun(run: string): string {
  const bytes = run
    .slice(1)
    .split('%')
    .map((hex) => parseInt(hex, 16));
  let out = '';
  for (let i = 0; i < bytes.length;) {
    const lead = bytes[i]!;
    const len = sequenceLength(lead);
    let char: string | null = null;
    if (len > 0 && i + len <= bytes.length) {
      try {
        char = utf8.decode(new Uint8Array(bytes.slice(i, i + len)));
      } catch {
        char = null;
      }
    }
    if (char === null || RESERVED.has(char) || /\p{Cc}/u.test(char)) {
      // Not valid UTF-8 (e.g. an ISO-8859-2 byte from an old link), or a character that would
      // change the path's structure: keep the byte encoded rather than guess or fail.
      out += '%' + lead.toString(16).toUpperCase().padStart(2, '0');
      i += 1;
    } else {
      out += char;
      i += len;
    }
  }
  return out;
}

/**
 * Percent-decodes a path without ever throwing: valid UTF-8 sequences are decoded, anything
 * else (and `/ ? # % \` and control characters) stays encoded.
 *
 * @example safeDecode('/obs%C5%82uga-klienta') // '/obsługa-klienta'
 * @example safeDecode('/a%B3b%2Fc')            // '/a%B3b%2Fc'
 */
export function safeDecode(path: string): string {
  return path.replace(/(?:%[0-9a-fA-F]{2})+/g, decodeRun);
}

/**
 * Folds diacritics to ASCII. NFD splits `ą ć ę ń ó ś ź ż` into letter + combining mark;
 * `ł`/`Ł` have no decomposition and are mapped explicitly.
 *
 * @example foldAccents('Obroża półzaciskowa ŁAŃCUSZEK') // 'Obroza polzaciskowa LANCUSZEK'
 */
export function foldAccents(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').replace(/ł/g, 'l').replace(/Ł/g, 'L').normalize('NFC');
}

/**
 * The canonical ASCII form of a path, case kept (live routes are case-sensitive:
 * `/FAQ` is a live page, `/faq` a legacy one): decoded, folded, no repeated or
 * trailing slash.
 *
 * @example canonicalPath('/Obs%C5%82uga-Klienta//FAQ/') // '/Obsluga-Klienta/FAQ'
 */
export function canonicalPath(pathname: string): string {
  const folded = foldAccents(safeDecode(pathname)).replace(/\/{2,}/g, '/');
  const withLead = folded.startsWith('/') ? folded : `/${folded}`;
  return withLead.length > 1 ? withLead.replace(/\/+$/, '') || '/' : withLead;
}

/**
 * The redirect-table key of a path: its canonical form in lower case (legacy keys
 * compare case-insensitively). Query and fragment are not part of a key.
 *
 * @example normaliseKey('/Akcesoria/Szelki/') // '/akcesoria/szelki'
 * @example normaliseKey('/produkt/obro%C5%BCa-z-klamr%C4%85/') // '/produkt/obroza-z-klamra'
 */
export function normaliseKey(pathname: string): string {
  return canonicalPath(pathname).toLowerCase();
}

/** First path segment of a key (`''` for `/`): entries are grouped by it. */
export function firstSegment(key: string): string {
  const end = key.indexOf('/', 1);
  return end === -1 ? key.slice(1) : key.slice(1, end);
}

/**
 * Paged old lists collapse to their list: `/sklep/page/7` → `/sklep`. Returns null when
 * the key is not paged, or when collapsing would leave the root (the home page is live).
 */
export function collapsePaging(key: string): string | null {
  const match = /^(\/.+?)\/page\/\d+$/.exec(key);
  return match ? match[1]! : null;
}
