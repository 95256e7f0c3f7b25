/**
 * Every string argument of our plugins' Shop and Admin API is bounded before it is parsed (issue
 * 44; decision 104): one character over its bound, each is refused with its reason in Polish, or
 * answers null where the API's contract is "null for malformed input". (ID arguments are numbers by
 * the time our resolvers run: Vendure's ID strategy decodes them first, without a pattern.)
 */
import { describe, expect, it } from 'vitest';
import { type GqlSession } from '../src/dev/graphql-client';
import { BOUNDS, characters, tooLong, withinBounds } from '../src/input-bounds';
import { addItemOk, adminSession, shop, variantBySku } from './helpers';

const over = (n: number, c = 'x') => c.repeat(n + 1);
const overEmail = `${'a'.repeat(BOUNDS.email - 9)}@psiaki.pl`; // 255 characters, well-formed otherwise

/** The first error's message of a request (undefined: it succeeded). */
async function refusal(s: GqlSession, query: string, variables: Record<string, unknown>): Promise<string | undefined> {
    return (await s.raw(query, variables)).errors?.[0]?.message;
}

async function data<T>(s: GqlSession, query: string, variables: Record<string, unknown>): Promise<T> {
    const r = await s.raw<T>(query, variables);
    expect(r.errors, query).toBeUndefined();
    return r.data!;
}

describe('input bounds (rules)', () => {
    it('says the bound in Polish with the right plural', () => {
        expect(characters(1)).toBe('1 znak');
        expect(characters(32)).toBe('32 znaki');
        expect(characters(254)).toBe('254 znaki');
        expect(characters(200)).toBe('200 znaków');
        expect(characters(212)).toBe('212 znaków');
        expect(characters(36)).toBe('36 znaków');
        expect(tooLong('Adres e-mail', 254)).toBe('Adres e-mail może mieć najwyżej 254 znaki.');
        expect(overEmail).toHaveLength(BOUNDS.email + 1);
        expect(withinBounds(['abc', 3], [null, 1], [undefined, 1])).toBe(true);
        expect(withinBounds(['abcd', 3])).toBe(false);
    });
});

describe('input bounds (Shop API)', () => {
    it('withdrawal: the lookup answers null, the request names the field', async () => {
        const FIND = `query($c: String!, $e: String!) { withdrawalOrder(code: $c, emailAddress: $e) { code } }`;
        expect(
            (await data<{ withdrawalOrder: null }>(shop(), FIND, { c: over(32, 'A'), e: 'ala@psiaki.test' })).withdrawalOrder,
        ).toBeNull();
        expect((await data<{ withdrawalOrder: null }>(shop(), FIND, { c: 'ABC123', e: overEmail })).withdrawalOrder).toBeNull();

        const REQUEST = `mutation($i: RequestWithdrawalInput!) { requestWithdrawal(input: $i) { id } }`;
        const input = { code: 'ABC123', emailAddress: 'ala@psiaki.test', name: 'Ala Kot', orderLineIds: ['1'] };
        expect(await refusal(shop(), REQUEST, { i: { ...input, code: over(32, 'A') } })).toBe(
            'Numer zamówienia może mieć najwyżej 32 znaki.',
        );
        expect(await refusal(shop(), REQUEST, { i: { ...input, emailAddress: overEmail } })).toBe(
            'Adres e-mail może mieć najwyżej 254 znaki.',
        );
        expect(await refusal(shop(), REQUEST, { i: { ...input, name: over(200) } })).toBe('Imię i nazwisko może mieć najwyżej 200 znaków.');
        expect(
            await refusal(shop(), REQUEST, { i: { ...input, orderLineIds: Array.from({ length: 101 }, (_, i) => String(i + 1)) } }),
        ).toBe('Pozycje zamówienia: najwyżej 100.');
    });

    it('order status: null over any bound; a fresh link names the field', async () => {
        const STATUS = `query($c: String!, $k: String, $e: String) { orderStatus(code: $c, key: $k, emailAddress: $e) { code } }`;
        for (const v of [
            { c: over(32, 'A'), e: 'ala@psiaki.test' },
            { c: 'ABC123', k: over(64, 'k') },
            { c: 'ABC123', e: overEmail },
        ])
            expect((await data<{ orderStatus: null }>(shop(), STATUS, v)).orderStatus).toBeNull();
        const LINK = `mutation($c: String!, $e: String!) { requestOrderStatusLink(code: $c, emailAddress: $e) }`;
        expect(await refusal(shop(), LINK, { c: over(32, 'A'), e: 'ala@psiaki.test' })).toBe(
            'Numer zamówienia może mieć najwyżej 32 znaki.',
        );
        expect(await refusal(shop(), LINK, { c: 'ABC123', e: overEmail })).toBe('Adres e-mail może mieć najwyżej 254 znaki.');
    });

    it('newsletter, online payment, search, registration', async () => {
        expect(
            await refusal(shop(), `mutation($e: String!) { subscribeToNewsletter(email: $e, consent: true) { status } }`, { e: overEmail }),
        ).toBe('Adres e-mail może mieć najwyżej 254 znaki.');
        const confirm = await data<{ confirmNewsletter: { status: string } }>(
            shop(),
            `mutation($t: String!) { confirmNewsletter(token: $t) { status } }`,
            { t: over(64, 'a') },
        );
        expect(confirm.confirmNewsletter.status).toBe('INVALID_TOKEN');

        const status = await data<{ onlinePaymentStatus: null }>(shop(), `query($c: String!) { onlinePaymentStatus(orderCode: $c) }`, {
            c: over(32, 'A'),
        });
        expect(status.onlinePaymentStatus).toBeNull();
        const cart = shop();
        await addItemOk(cart, (await variantBySku(cart, 'PS-056')).id, 1);
        expect(await refusal(cart, `mutation($b: String!) { startBlikPayment(blikCode: $b) { __typename } }`, { b: over(16, '1') })).toBe(
            'Kod BLIK może mieć najwyżej 16 znaków.',
        );

        expect(await refusal(shop(), `query($t: String!) { searchSuggestion(term: $t) }`, { t: over(200) })).toBe(
            'Fraza może mieć najwyżej 200 znaków.',
        );

        const REGISTER = `mutation($i: RegisterCustomerInput!) { registerCustomerAccount(input: $i) { __typename } }`;
        const input = { emailAddress: 'nowa@psiaki.test', password: 'Haslo1234!', firstName: 'Ala', lastName: 'Kot' };
        for (const [field, value, message] of [
            ['emailAddress', overEmail, 'Adres e-mail może mieć najwyżej 254 znaki.'],
            ['password', over(200), 'Hasło może mieć najwyżej 200 znaków.'],
            ['firstName', over(200), 'Imię może mieć najwyżej 200 znaków.'],
            ['lastName', over(200), 'Nazwisko może mieć najwyżej 200 znaków.'],
            ['phoneNumber', over(32, '1'), 'Numer telefonu może mieć najwyżej 32 znaki.'],
            ['title', over(32), 'Zwrot grzecznościowy może mieć najwyżej 32 znaki.'],
        ] as const)
            expect(await refusal(shop(), REGISTER, { i: { ...input, [field]: value } }), field).toBe(message);
    });

    it('reviews: a title and a text over their raw bounds', async () => {
        const s = shop();
        const login = await s.query<{ login: { id?: string } }>(
            `mutation($u: String!, $p: String!) { login(username: $u, password: $p) { ... on CurrentUser { id } } }`,
            { u: 'demo@psiaki.test', p: 'Demo1234!' },
        );
        expect(login.login.id).toBeTruthy();
        const SUBMIT = `mutation($i: SubmitProductReviewInput!) { submitProductReview(input: $i) { __typename } }`;
        const input = { productId: '1', rating: 5, title: 'Super', text: 'Bardzo dobra smycz, polecam.' };
        expect(await refusal(s, SUBMIT, { i: { ...input, title: over(BOUNDS.reviewTitle) } })).toBe(
            'Tytuł opinii może mieć najwyżej 240 znaków.',
        );
        expect(await refusal(s, SUBMIT, { i: { ...input, text: over(BOUNDS.reviewText) } })).toBe(
            'Treść opinii może mieć najwyżej 4000 znaków.',
        );
    });
});

describe('input bounds (Admin API)', () => {
    it('withdrawal states and newsletter statuses', async () => {
        const admin = await adminSession();
        expect(await refusal(admin, `mutation($s: String!) { setWithdrawalState(id: "1", state: $s) { id } }`, { s: over(32) })).toBe(
            'Stan może mieć najwyżej 32 znaki.',
        );
        expect(await refusal(admin, `query($s: String) { newsletterSubscribers(status: $s) { totalItems } }`, { s: over(32) })).toBe(
            'Stan może mieć najwyżej 32 znaki.',
        );
    });
});
