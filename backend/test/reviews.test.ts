import { describe, expect, it } from 'vitest';
import { reviewPlan } from '../seed/reviews';
import { GqlSession, typed } from '../src/dev/graphql-client';
import { backendUrl, shop, adminLogin } from './helpers';

interface Review {
    id: string;
    productId: string;
    authorName: string;
    rating: number;
    title: string | null;
    text: string;
    verifiedPurchase: boolean;
    state: 'PENDING' | 'APPROVED' | 'REJECTED';
    createdAt: string;
}
/** The submit union as selected by SUBMIT: a review, or an error result with its extra fields. */
type Submitted = { __typename: string } & Partial<Review> & {
        errorCode?: string;
        message?: string;
        minLength?: number;
        maxLength?: number;
        retryAfterSeconds?: number;
    };
interface Summary {
    average: number | null;
    count: number;
    histogram: Array<{ rating: number; count: number }>;
}

const REVIEW = `id productId authorName rating title text verifiedPurchase state createdAt`;
const SUBMIT = typed<
    { submitProductReview: Submitted },
    { input: Record<string, unknown> }
>(`mutation($input: SubmitProductReviewInput!) { submitProductReview(input: $input) {
    __typename
    ... on ProductReview { ${REVIEW} }
    ... on ErrorResult { errorCode message }
    ... on InvalidReviewTextError { minLength maxLength }
    ... on ReviewRateLimitError { retryAfterSeconds }
} }`);
const LIST = typed<
    { productReviews: { totalItems: number; items: Review[] }; product: { reviewSummary: Summary } },
    { id: string; skip?: number; take?: number }
>(`query($id: ID!, $skip: Int, $take: Int) {
    productReviews(productId: $id, options: { skip: $skip, take: $take }) { totalItems items { ${REVIEW} } }
    product(id: $id) { reviewSummary { average count histogram { rating count } } }
}`);
const LOGIN = typed<{ login: { id?: string; errorCode?: string } }, { u: string; p: string }>(
    `mutation($u: String!, $p: String!) { login(username: $u, password: $p) { ... on CurrentUser { id } ... on ErrorResult { errorCode } } }`,
);
const MINE = typed<{ myProductReview: { id: string; state: string } | null }, { id: string }>(
    `query($id: ID!) { myProductReview(productId: $id) { id state } }`,
);
const ADMIN_LIST = typed<
    { productReviews: { totalItems: number; items: Array<{ id: string; state: string; customerId: string }> } },
    { state?: string; productId?: string }
>(
    `query($state: ProductReviewState, $productId: ID) { productReviews(state: $state, productId: $productId) { totalItems items { id state customerId } } }`,
);
const APPROVE = typed<{ approveProductReview: { id: string; state: string } }, { id: string }>(
    `mutation($id: ID!) { approveProductReview(id: $id) { id state } }`,
);
const REJECT = typed<{ rejectProductReview: { id: string; state: string } }, { id: string }>(
    `mutation($id: ID!) { rejectProductReview(id: $id) { id state } }`,
);
const ADD = typed<{ addItemToOrder: { id?: string } }>(
    `mutation { addItemToOrder(productVariantId: "1", quantity: 1) { ... on Order { id } } }`,
);

let n = 0;
/** A new customer with an account (registration needs no verification in the dev backend), logged in. */
async function newCustomer(firstName = 'Jan', lastName = 'Nowak'): Promise<GqlSession> {
    const s = shop();
    const emailAddress = `recenzent-${Date.now()}-${++n}@psiaki.test`;
    await s.query(
        typed<unknown>(
            `mutation($input: RegisterCustomerInput!) { registerCustomerAccount(input: $input) { ... on Success { success } } }`,
        ),
        {
            input: { emailAddress, firstName, lastName, password: 'Haslo1234!' },
        },
    );
    const login = await s.query(LOGIN, { u: emailAddress, p: 'Haslo1234!' });
    expect(login.login.id).toBeTruthy();
    return s;
}

async function demo(): Promise<GqlSession> {
    const s = shop();
    const login = await s.query(LOGIN, { u: 'demo@psiaki.test', p: 'Demo1234!' });
    expect(login.login.id).toBeTruthy();
    return s;
}

async function admin(): Promise<GqlSession> {
    const s = new GqlSession(`${backendUrl()}/admin-api`);
    const login = await s.query(LOGIN, { u: adminLogin().username, p: adminLogin().password });
    expect(login.login.id).toBeTruthy();
    return s;
}

const submit = (s: GqlSession, input: Record<string, unknown>) => s.query(SUBMIT, { input }).then(r => r.submitProductReview);
const ids = (items: Array<{ id: string }>) => items.map(i => i.id);
const GOOD = { rating: 5, title: 'Świetne', text: 'Bardzo porządnie uszyte, pies zadowolony.' };

describe('product reviews (Shop API)', () => {
    it('serves the seeded approved reviews newest first, with a summary that matches them', async () => {
        const planned = reviewPlan().filter(r => r.productId === 1);
        const r = await shop().query(LIST, { id: '1', take: 20 });
        expect(r.productReviews.totalItems).toBe(planned.length);
        const dates = r.productReviews.items.map(i => Date.parse(i.createdAt));
        expect(dates).toEqual([...dates].sort((a, b) => b - a));
        expect(r.productReviews.items.every(i => i.state === 'APPROVED')).toBe(true);
        const summary = r.product.reviewSummary;
        expect(summary.count).toBe(planned.length);
        expect(summary.average).toBeCloseTo(planned.reduce((a, p) => a + p.rating, 0) / planned.length, 2);
        expect(summary.histogram.map(h => h.rating)).toEqual([5, 4, 3, 2, 1]);
        for (const bar of summary.histogram) expect(bar.count).toBe(planned.filter(p => p.rating === bar.rating).length);
        // a product without reviews
        const none = await shop().query(LIST, { id: '2' });
        expect(none.product.reviewSummary).toMatchObject({ average: null, count: 0 });
        expect(none.productReviews).toEqual({ totalItems: 0, items: [] });
    });

    it('pages the list with skip and take', async () => {
        const all = ids((await shop().query(LIST, { id: '1', take: 20 })).productReviews.items);
        const second = ids((await shop().query(LIST, { id: '1', skip: 2, take: 2 })).productReviews.items);
        expect(second).toEqual(all.slice(2, 4));
    });

    it('lets only a logged-in customer submit: a guest, even one with a cart, gets FORBIDDEN', async () => {
        const guest = shop();
        const anonymous = await guest.raw(SUBMIT, { input: { productId: '2', ...GOOD } });
        expect(anonymous.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
        await guest.query(ADD);
        const withCart = await guest.raw(SUBMIT, { input: { productId: '2', ...GOOD } });
        expect(withCart.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
        expect(await guest.query(MINE, { id: '2' })).toEqual({ myProductReview: null });
    });

    it('stores a new review as pending with the author shown as first name and initial, and keeps markup as text', async () => {
        const s = await newCustomer('Zofia', 'żak');
        const text = '<script>alert("x")</script> Piękne <b>szelki</b> & mocne.';
        const review = await submit(s, { productId: '2', rating: 4, title: '  <i>Tytuł</i>  ', text });
        expect(review).toMatchObject({
            __typename: 'ProductReview',
            productId: '2',
            authorName: 'Zofia Ż.',
            rating: 4,
            title: '<i>Tytuł</i>',
            text,
            state: 'PENDING',
            verifiedPurchase: false,
        });
        // pending: not public yet
        const r = await shop().query(LIST, { id: '2' });
        expect(r.productReviews.totalItems).toBe(0);
        expect(r.product.reviewSummary.count).toBe(0);
        expect((await s.query(MINE, { id: '2' })).myProductReview).toEqual({ id: review.id, state: 'PENDING' });
    });

    it('keeps one review per customer and product: a second submission edits it and sends it back to moderation', async () => {
        const s = await newCustomer();
        const first = await submit(s, { productId: '3', ...GOOD });
        const a = await admin();
        await a.query(APPROVE, { id: first.id! });
        expect((await shop().query(LIST, { id: '3' })).productReviews.totalItems).toBe(1);

        const second = await submit(s, { productId: '3', rating: 2, title: null, text: 'Po miesiącu jednak się rozpruło.' });
        expect(second).toMatchObject({ id: first.id, rating: 2, title: null, text: 'Po miesiącu jednak się rozpruło.', state: 'PENDING' });
        const mine = await a.query(ADMIN_LIST, { productId: '3' });
        expect(mine.productReviews.totalItems).toBe(1);
        // back in moderation: no longer public
        expect((await shop().query(LIST, { id: '3' })).productReviews.totalItems).toBe(0);
    });

    it('refuses ratings outside 1–5, too short or too long texts and long titles with error codes, storing nothing', async () => {
        const s = await newCustomer();
        for (const rating of [0, 6, -1]) {
            expect(await submit(s, { productId: '5', ...GOOD, rating })).toMatchObject({ errorCode: 'INVALID_REVIEW_RATING_ERROR' });
        }
        expect(await submit(s, { productId: '5', ...GOOD, text: 'x'.repeat(2001) })).toMatchObject({
            errorCode: 'INVALID_REVIEW_TEXT_ERROR',
            minLength: 10,
            maxLength: 2000,
        });
        // whitespace does not count: nine letters padded with spaces is too short
        expect(await submit(s, { productId: '5', ...GOOD, text: '   krótkie   ' })).toMatchObject({
            errorCode: 'INVALID_REVIEW_TEXT_ERROR',
        });
        expect(await submit(s, { productId: '5', ...GOOD, title: 't'.repeat(121) })).toMatchObject({
            errorCode: 'INVALID_REVIEW_TITLE_ERROR',
        });
        expect(await submit(s, { productId: '999999', ...GOOD })).toMatchObject({ errorCode: 'REVIEW_PRODUCT_NOT_FOUND_ERROR' });
        expect((await s.query(MINE, { id: '5' })).myProductReview).toBeNull();
        // exactly at the limits is fine
        expect(await submit(s, { productId: '5', rating: 1, title: 't'.repeat(120), text: 'ą'.repeat(2000) })).toMatchObject({
            __typename: 'ProductReview',
        });
    });

    it('marks a review verified only when the customer has a placed order containing the product', async () => {
        // the demo customer's seeded orders hold products 1, 75, 33, 52 and 56
        const d = await demo();
        expect(await submit(d, { productId: '33', ...GOOD })).toMatchObject({ verifiedPurchase: true, authorName: 'Anna K.' });
        expect(await submit(d, { productId: '34', ...GOOD })).toMatchObject({ verifiedPurchase: false });
        // a product only sitting in a cart is not a purchase
        const s = await newCustomer();
        await s.query(ADD);
        expect(await submit(s, { productId: '1', ...GOOD })).toMatchObject({ verifiedPurchase: false });
    });

    it('rate-limits submissions per customer (5 per hour)', async () => {
        const s = await newCustomer();
        for (const productId of ['10', '11', '12', '13', '14'])
            expect(await submit(s, { productId, ...GOOD })).toMatchObject({ state: 'PENDING' });
        const sixth = await submit(s, { productId: '15', ...GOOD });
        expect(sixth).toMatchObject({ errorCode: 'REVIEW_RATE_LIMIT_ERROR' });
        expect(sixth.retryAfterSeconds).toBeGreaterThan(3000);
        // another customer is not affected
        expect(await submit(await newCustomer(), { productId: '15', ...GOOD })).toMatchObject({ state: 'PENDING' });
    });
});

describe('product reviews (Admin API)', () => {
    it('lists by state, approves and rejects; only approved reviews count in the summary', async () => {
        const a = await admin();
        const s1 = await newCustomer('Ola', 'Kot');
        const s2 = await newCustomer('Adam', 'Lis');
        const r1 = await submit(s1, { productId: '6', rating: 5, text: 'Najlepsza obroża, jaką mieliśmy.' });
        const r2 = await submit(s2, { productId: '6', rating: 1, text: 'Zapięcie pękło po tygodniu.' });
        const pending = await a.query(ADMIN_LIST, { state: 'PENDING', productId: '6' });
        expect(ids(pending.productReviews.items).sort()).toEqual([r1.id, r2.id].sort());

        expect((await a.query(APPROVE, { id: r1.id! })).approveProductReview.state).toBe('APPROVED');
        expect((await a.query(REJECT, { id: r2.id! })).rejectProductReview.state).toBe('REJECTED');
        const r = await shop().query(LIST, { id: '6' });
        expect(ids(r.productReviews.items)).toEqual([r1.id]);
        expect(r.product.reviewSummary).toMatchObject({ average: 5, count: 1 });
        const rejected = await a.query(ADMIN_LIST, { state: 'REJECTED', productId: '6' });
        expect(ids(rejected.productReviews.items)).toEqual([r2.id]);

        // moderation is not open to shoppers, nor to an anonymous Admin API session
        const anonymous = await new GqlSession(`${backendUrl()}/admin-api`).raw(`mutation { approveProductReview(id: "${r2.id}") { id } }`);
        expect(anonymous.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
        const shopTry = await s1.raw(`mutation { approveProductReview(id: "${r2.id}") { id } }`);
        expect(shopTry.errors?.length).toBeGreaterThan(0);
    });
});
