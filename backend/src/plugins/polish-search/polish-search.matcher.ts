/**
 * The in-memory matcher of the Polish search: built from the search documents (one per product),
 * it answers which products match every word of a term and how well. Pure: no database here
 * (services/search-documents.service.ts loads the documents and keeps one matcher per process,
 * rebuilt when the documents' version stamp changes).
 *
 * Ranking: each word scores its best field (name 5, variant/SKU 3, collection 3, facet value 2,
 * description 1) times its match kind (exact 1, prefix 0.8, stem 0.7, one edit 0.4), plus a
 * quarter of its other fields; a product's score is the sum over the words, with a bonus when its
 * name starts with the first word.
 */
import { FUZZY_MIN_LENGTH, queryTokens, stem, tokenize, withinOneEdit } from './polish-search.rules';

export interface SearchDocumentText {
    productId: number;
    /** channel ids the product is assigned to */
    channelIds: string[];
    name: string;
    variants: string;
    collections: string;
    facets: string;
    description: string;
}

export const FIELD_WEIGHTS = { name: 5, variants: 3, collections: 3, facets: 2, description: 1 } as const;
type Field = keyof typeof FIELD_WEIGHTS;
const FIELDS = Object.keys(FIELD_WEIGHTS) as Field[];

const EXACT = 1;
const PREFIX = 0.8;
const STEM = 0.7;
const FUZZY = 0.4;
/** A word typed while the overlay searches ('smy') matches as a prefix from this length. */
const PREFIX_MIN = 3;
const FIRST_WORD_BONUS = 1;

/** field weights of one product per token: doc index → best weight of any field and sum of all */
type Postings = Map<number, { best: number; sum: number }>;

export interface Match {
    productId: number;
    score: number;
}

function addPosting(map: Map<string, Postings>, key: string, doc: number, weight: number): void {
    let postings = map.get(key);
    if (!postings) map.set(key, (postings = new Map()));
    const p = postings.get(doc);
    if (!p) postings.set(doc, { best: weight, sum: weight });
    else if (p.best < weight) {
        p.sum += weight;
        p.best = weight;
    } else p.sum += weight;
}

export class PolishMatcher {
    /** by document slot; a removed product leaves an empty slot (null) */
    private readonly docs: Array<{
        productId: number;
        channels: Set<string>;
        firstNameToken: string;
        tokens: Set<string>;
        stems: Set<string>;
    } | null> = [];
    private readonly slotOf = new Map<number, number>();
    /** folded token → postings */
    private readonly tokens = new Map<string, Postings>();
    /** stem → postings */
    private readonly stems = new Map<string, Postings>();
    private readonly stemOf = new Map<string, string>();
    /** folded token → the word as written in a name, variant, collection or facet value (for 'Czy chodziło Ci o') */
    private readonly display = new Map<string, string>();
    /** tokens grouped by length, for prefix and one-edit scans; rebuilt after a change */
    private byLength: Map<number, string[]> | null = null;

    constructor(documents: readonly SearchDocumentText[] = []) {
        this.upsert(documents);
    }

    get size(): number {
        return this.slotOf.size;
    }

    /** Adds these documents, replacing any earlier document of the same product. */
    upsert(documents: readonly SearchDocumentText[]): void {
        for (const d of documents) {
            this.remove(d.productId);
            const slot = this.docs.length;
            const doc = {
                productId: d.productId,
                channels: new Set(d.channelIds),
                firstNameToken: tokenize(d.name)[0] ?? '',
                tokens: new Set<string>(),
                stems: new Set<string>(),
            };
            this.docs.push(doc);
            this.slotOf.set(d.productId, slot);
            for (const field of FIELDS) {
                const weight = FIELD_WEIGHTS[field];
                const text = d[field];
                const words = field === 'description' ? null : text.toLowerCase().match(/[\p{L}\p{N}]+/gu);
                const tokens = tokenize(text);
                // each field counts once per token and document (a description repeating a word does not win)
                const seen = new Set<string>();
                tokens.forEach((token, w) => {
                    if (seen.has(token)) return;
                    seen.add(token);
                    let tokenStem = this.stemOf.get(token);
                    if (tokenStem === undefined) this.stemOf.set(token, (tokenStem = stem(token)));
                    addPosting(this.tokens, token, slot, weight);
                    addPosting(this.stems, tokenStem, slot, weight);
                    doc.tokens.add(token);
                    doc.stems.add(tokenStem);
                    const word = words?.[w];
                    if (word && !this.display.has(token) && tokenize(word)[0] === token) this.display.set(token, word);
                });
            }
        }
        this.byLength = null;
    }

    /** Forgets a product's document. */
    remove(productId: number): void {
        const slot = this.slotOf.get(productId);
        if (slot === undefined) return;
        const doc = this.docs[slot]!;
        for (const [map, keys] of [
            [this.tokens, doc.tokens],
            [this.stems, doc.stems],
        ] as const) {
            for (const key of keys) {
                const postings = map.get(key);
                postings?.delete(slot);
                if (postings && !postings.size) map.delete(key);
            }
        }
        this.docs[slot] = null;
        this.slotOf.delete(productId);
        this.byLength = null;
    }

    private lengths(): Map<number, string[]> {
        if (this.byLength) return this.byLength;
        const byLength = new Map<number, string[]>();
        for (const token of this.tokens.keys()) {
            const list = byLength.get(token.length) ?? [];
            list.push(token);
            byLength.set(token.length, list);
        }
        return (this.byLength = byLength);
    }

    /** Products of the channel matching every word of the term, best first (ties: newest product first). */
    search(term: string, channelId: string): Match[] {
        const words = queryTokens(term);
        if (!words.length) return [];
        let total: Map<number, number> | null = null;
        for (const word of words) {
            const scores = this.wordScores(word);
            const next = new Map<number, number>();
            for (const [doc, score] of scores) {
                if (total && !total.has(doc)) continue;
                next.set(doc, (total?.get(doc) ?? 0) + score);
            }
            total = next;
            if (!total.size) return [];
        }
        const out: Match[] = [];
        for (const [doc, score] of total!) {
            const d = this.docs[doc];
            if (!d?.channels.has(channelId)) continue;
            const first = d.firstNameToken;
            const lead = words[0]!;
            const leads =
                first &&
                (first.startsWith(lead) || stem(first) === stem(lead) || (lead.length >= FUZZY_MIN_LENGTH && withinOneEdit(lead, first)));
            const bonus = leads ? FIRST_WORD_BONUS : 0;
            out.push({ productId: d.productId, score: Math.round((score + bonus) * 1000) / 1000 });
        }
        return out.sort((a, b) => b.score - a.score || b.productId - a.productId);
    }

    /**
     * A term one edit away (in one of its words) that finds products, for 'Czy chodziło Ci o: …'.
     * Null when the term finds products as it is or no such correction exists. Words of 3+ letters
     * are corrected; the most frequent candidate word wins.
     */
    suggest(term: string, channelId: string): string | null {
        const words = queryTokens(term);
        if (!words.length || this.search(term, channelId).length) return null;
        for (let w = 0; w < words.length; w++) {
            const word = words[w]!;
            if (word.length < 3 || this.tokens.has(word)) continue;
            const candidates = this.nearTokens(word).sort((a, b) => (this.tokens.get(b)?.size ?? 0) - (this.tokens.get(a)?.size ?? 0));
            for (const candidate of candidates) {
                const corrected = words.map((x, i) => (i === w ? candidate : x)).join(' ');
                if (this.search(corrected, channelId).length) {
                    return words.map((x, i) => (i === w ? (this.display.get(candidate) ?? candidate) : x)).join(' ');
                }
            }
        }
        return null;
    }

    /** doc → score of one query word: exact, prefix, stem and (5+ letters) one-edit matches, best kind per doc. */
    private wordScores(word: string): Map<number, number> {
        const scores = new Map<number, number>();
        const take = (postings: Postings | undefined, factor: number) => {
            if (!postings) return;
            for (const [doc, p] of postings) {
                const score = factor * (p.best + 0.25 * (p.sum - p.best));
                if ((scores.get(doc) ?? 0) < score) scores.set(doc, score);
            }
        };
        take(this.tokens.get(word), EXACT);
        if (word.length >= PREFIX_MIN) {
            for (const [length, list] of this.lengths()) {
                if (length <= word.length) continue;
                for (const token of list) if (token.startsWith(word)) take(this.tokens.get(token), PREFIX);
            }
        }
        const wordStem = stem(word);
        take(this.stems.get(wordStem), STEM);
        if (word.length >= FUZZY_MIN_LENGTH && !/\d/.test(word)) {
            for (const token of this.nearTokens(word)) take(this.tokens.get(token), FUZZY);
            if (wordStem.length >= 4) {
                for (const [s, postings] of this.stems) if (s !== wordStem && withinOneEdit(wordStem, s)) take(postings, FUZZY);
            }
        }
        return scores;
    }

    /** Indexed tokens one edit away from the word (not the word itself). */
    private nearTokens(word: string): string[] {
        const out: string[] = [];
        for (let length = word.length - 1; length <= word.length + 1; length++) {
            for (const token of this.lengths().get(length) ?? []) if (token !== word && withinOneEdit(word, token)) out.push(token);
        }
        return out;
    }
}
