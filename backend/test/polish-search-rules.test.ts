import { describe, expect, it } from 'vitest';
import { PolishMatcher, type SearchDocumentText } from '../src/plugins/polish-search/polish-search.matcher';
import {
    fold,
    MAX_QUERY_TOKENS,
    MAX_TOKEN,
    queryTokens,
    stem,
    tokenize,
    withinOneEdit,
} from '../src/plugins/polish-search/polish-search.rules';

describe('fold', () => {
    it('lower-cases and drops Polish diacritics, ł and Ł included', () => {
        expect(fold('ZAŻÓŁĆ GĘŚLĄ JAŹŃ')).toBe('zazolc gesla jazn');
        expect(fold('Łańcuszek ŁĄKA')).toBe('lancuszek laka');
    });
    it('keeps a term of only diacritics as letters, and leaves emoji and other scripts alone', () => {
        expect(fold('ąćęłńóśźż')).toBe('acelnoszz');
        expect(fold('🐶 obroża')).toBe('🐶 obroza');
        expect(fold('Смычок собака')).toBe('смычок собака');
    });
});

describe('tokenize and queryTokens', () => {
    it('splits on anything that is not a letter or digit, any script', () => {
        expect(tokenize('Worki na odchody – zestaw 3x15')).toEqual(['worki', 'na', 'odchody', 'zestaw', '3x15']);
        expect(tokenize('Pro-Fit')).toEqual(['pro', 'fit']);
        expect(tokenize('obroża🐶smycz')).toEqual(['obroza', 'smycz']);
        expect(tokenize('szelki Смычок')).toEqual(['szelki', 'смычок']);
    });
    it('treats SQL and LIKE wildcards as separators, never as patterns', () => {
        expect(tokenize('%')).toEqual([]);
        expect(tokenize('_')).toEqual([]);
        expect(tokenize("obro%za' OR 1=1 --")).toEqual(['obro', 'za', 'or', '1', '1']);
        expect(queryTokens('%%%___')).toEqual([]);
    });
    it('drops stop words unless nothing else is left, and deduplicates', () => {
        expect(queryTokens('smycz dla psa')).toEqual(['smycz', 'psa']);
        expect(queryTokens('dla')).toEqual(['dla']);
        expect(queryTokens('smycz SMYCZ Smycz')).toEqual(['smycz']);
    });
    it('cuts a 200-character term into bounded tokens', () => {
        const long = 'a'.repeat(200);
        expect(tokenize(long)).toEqual(['a'.repeat(MAX_TOKEN)]);
        expect(queryTokens(Array.from({ length: 50 }, (_, i) => `slowo${i}`).join(' '))).toHaveLength(MAX_QUERY_TOKENS);
    });
});

describe('stem', () => {
    it('gives the forms shoppers type the stem of the product word', () => {
        const same = (a: string, b: string) => expect(stem(fold(a)), `${a} ~ ${b}`).toBe(stem(fold(b)));
        same('smycze', 'smycz');
        same('smyczy', 'smycz');
        same('szelek', 'szelki');
        same('obroży', 'obroża');
        same('obrozy', 'obroża');
        same('worków', 'worki');
        same('piłki', 'piłka');
        same('skarpetek', 'skarpetki');
        same('odblaskowej', 'odblaskowa');
        same('pokrowce', 'pokrowiec');
        same('łańcuszkiem', 'łańcuszek');
        same('psów', 'psa');
    });
    it('leaves short words, numbers and stems that would get too short alone', () => {
        expect(stem('led')).toBe('led');
        expect(stem('3x15')).toBe('3x15');
        expect(stem('maty')).toBe('mat');
        expect(stem('')).toBe('');
    });
});

describe('withinOneEdit', () => {
    it('counts an insertion, deletion, substitution or swap of neighbours as one edit', () => {
        expect(withinOneEdit('obrorza', 'obroza')).toBe(true);
        expect(withinOneEdit('smycz', 'smyczy')).toBe(true);
        expect(withinOneEdit('szalki', 'szelki')).toBe(true);
        expect(withinOneEdit('szleki', 'szelki')).toBe(true);
        expect(withinOneEdit('szelki', 'szelki')).toBe(true);
    });
    it('refuses two edits', () => {
        expect(withinOneEdit('sleki', 'szelki')).toBe(false);
        expect(withinOneEdit('obroza', 'obr')).toBe(false);
        expect(withinOneEdit('abcd', 'badc')).toBe(false);
        expect(withinOneEdit('', 'ab')).toBe(false);
    });
});

const doc = (productId: number, name: string, rest: Partial<SearchDocumentText> = {}): SearchDocumentText => ({
    productId,
    channelIds: ['1'],
    name,
    variants: '',
    collections: '',
    facets: '',
    description: '',
    ...rest,
});

describe('PolishMatcher', () => {
    const matcher = new PolishMatcher([
        doc(1, 'Smycz miejska Odblaskowa', { collections: 'Smycze \n Dla psa', facets: 'Czerwony' }),
        doc(2, 'Zestaw obroża z klamrą + smycz', { collections: 'Zestawy' }),
        doc(3, 'Obroża z klamrą Classic', { collections: 'Obroże', description: 'Pasuje do smyczy.' }),
        doc(4, 'Szelki typu guard', { collections: 'Szelki' }),
        doc(5, 'Kubek termiczny', { channelIds: ['2'] }),
        doc(6, 'Nerka spacerowa', { description: 'Na smakołyki, 100% poliester_' }),
    ]);
    const ids = (term: string, channel = '1') => matcher.search(term, channel).map(m => m.productId);

    it('requires every word, in any order and across fields', () => {
        expect(ids('odblaskowa smycz')).toEqual([1]);
        expect(ids('smycz czerwony')).toEqual([1]);
        expect(ids('smycz niebieska')).toEqual([]);
    });
    it('ranks name over description and exact over stem over one edit', () => {
        expect(ids('smycz')).toEqual([1, 2, 3]);
        expect(ids('smyczy')).toEqual([1, 2, 3]); // a stem in the name beats the exact word in a description
        const score = (term: string) => matcher.search(term, '1')[0]?.score ?? 0;
        expect(score('szelki')).toBeGreaterThan(score('szelek'));
        expect(score('szelek')).toBeGreaterThan(score('szleki'));
        expect(score('szleki')).toBeGreaterThan(0);
    });
    it('gives typo tolerance only to words of 5+ letters', () => {
        expect(ids('kbek', '2')).toEqual([]);
        expect(ids('kubeek', '2')).toEqual([5]);
        expect(ids('kubek', '2')).toEqual([5]);
    });
    it('keeps products of other channels out', () => {
        expect(ids('kubek')).toEqual([]);
    });
    it('matches % and _ as text only, and answers odd input with nothing', () => {
        expect(ids('%')).toEqual([]);
        expect(ids('_')).toEqual([]);
        expect(ids('🐶🐶🐶')).toEqual([]);
        expect(ids('ąęłń'.repeat(50))).toEqual([]);
        expect(ids('<script>alert(1)</script>')).toEqual([]);
        expect(ids('poliester_')).toEqual([6]);
    });
    it('suggests a term one edit away that finds products, with the word as the shop writes it', () => {
        expect(matcher.suggest('nrka', '1')).toBe('nerka');
        expect(matcher.suggest('odblaskowa kbek', '1')).toBeNull();
        expect(matcher.suggest('spacerowa nrka', '1')).toBe('spacerowa nerka');
        expect(matcher.suggest('szelkii guard', '1')).toBeNull(); // found as it is (one edit, 5+ letters)
        expect(matcher.suggest('zupa', '1')).toBeNull();
        expect(matcher.suggest('kubek', '1')).toBeNull(); // only in channel 2
    });

    it('replaces a renamed product and forgets a removed one', () => {
        const m = new PolishMatcher([doc(1, 'Kubek termiczny Psiarz'), doc(2, 'Skarpetki Psiarz')]);
        m.upsert([doc(1, 'Kubek termiczny Włóczykij')]);
        expect(m.search('psiarz', '1').map(x => x.productId)).toEqual([2]);
        expect(m.search('wloczykij', '1').map(x => x.productId)).toEqual([1]);
        expect(m.search('kubki', '1').map(x => x.productId)).toEqual([1]);
        m.remove(2);
        expect(m.search('psiarz', '1')).toEqual([]);
        expect(m.size).toBe(1);
        expect(m.suggest('skarpetkii', '1')).toBeNull();
    });
});
