import { describe, expect, it } from 'vitest';
import { type OrError, typed } from '../src/dev/graphql-client';
import { type DevMail } from '../src/dev/dev-mailbox/types';
import { blogUrl, getJson, shop, mailboxUrl } from './helpers';

const LOGIN = typed<{ login: OrError<{ id: string; identifier: string }> }, { u: string; p: string }>(
    `mutation($u: String!, $p: String!) { login(username: $u, password: $p) { ... on CurrentUser { id identifier } ... on ErrorResult { errorCode message } } }`,
);

interface ActiveCustomer {
    activeCustomer: {
        firstName: string;
        customFields: { imiepsa: string | null; rasapsa: string | null; newsletter: boolean | null; dataurodzinpsa: string | null };
        addresses: Array<{
            defaultShippingAddress: boolean;
            defaultBillingAddress: boolean;
            customFields: { paczkomat: string | null; nip: string | null; fvat: boolean | null };
        }>;
        orders: { totalItems: number; items: Array<{ state: string }> };
    } | null;
}

/** The part of a WordPress REST post the tests read. */
interface WpPost {
    title: { rendered: string };
    excerpt: { rendered: string };
    link: string;
    _embedded?: { 'wp:featuredmedia': Array<{ source_url: string }> };
}

describe('customer accounts', () => {
    it('refuses a wrong password with INVALID_CREDENTIALS_ERROR', async () => {
        const r = await shop().query(LOGIN, { u: 'demo@psiaki.test', p: 'zle-haslo' });
        expect(r.login.errorCode).toBe('INVALID_CREDENTIALS_ERROR');
    });

    it('logs the demo customer in with a bearer token and shows the dog profile, addresses and orders', async () => {
        const s = shop();
        const r = await s.query(LOGIN, { u: 'demo@psiaki.test', p: 'Demo1234!' });
        expect(r.login.identifier).toBe('demo@psiaki.test');
        expect(s.token).toBeTruthy();
        const me = await s.query<ActiveCustomer>(`{ activeCustomer {
            firstName customFields { imiepsa rasapsa newsletter dataurodzinpsa }
            addresses { defaultShippingAddress defaultBillingAddress customFields { paczkomat nip fvat } }
            orders { totalItems items { state } } } }`);
        const customer = me.activeCustomer!;
        expect(customer.customFields).toMatchObject({ imiepsa: 'Figa', newsletter: true });
        const shipping = customer.addresses.find(a => a.defaultShippingAddress);
        const billing = customer.addresses.find(a => a.defaultBillingAddress);
        expect(shipping!.customFields.paczkomat).toBe('WAW01M');
        expect(billing!.customFields).toMatchObject({ nip: '1234567883', fvat: true });
        expect(customer.orders.totalItems).toBe(2);
    });

    it('completes a password reset with the token from the dev mailbox', async () => {
        const s = shop();
        const email = `reset-${Date.now()}@psiaki.test`;
        const reg = await s.query<{ registerCustomerAccount: OrError<{ success: boolean }> }>(
            `mutation($i: RegisterCustomerInput!) { registerCustomerAccount(input: $i) { ... on Success { success } ... on ErrorResult { errorCode message } } }`,
            {
                i: { emailAddress: email, password: 'Stare1234!', firstName: 'Ola', lastName: 'Nowa' },
            },
        );
        expect(reg.registerCustomerAccount.success).toBe(true);
        await s.query(`mutation($e: String!) { requestPasswordReset(emailAddress: $e) { ... on Success { success } } }`, { e: email });
        // events are published after the transaction commits, so the mail may take a moment
        let reset: DevMail | undefined;
        for (let i = 0; i < 50 && !reset; i++) {
            const mails = await getJson<DevMail[]>(mailboxUrl(email));
            reset = mails.find(m => m.type === 'password-reset');
            if (!reset) await new Promise(r => setTimeout(r, 100));
        }
        expect(reset?.token).toBeTruthy();
        const r = await s.query<{ resetPassword: OrError<{ id: string }> }>(
            `mutation($t: String!, $p: String!) { resetPassword(token: $t, password: $p) { ... on CurrentUser { id } ... on ErrorResult { errorCode message } } }`,
            {
                t: reset!.token,
                p: 'Nowe1234!',
            },
        );
        expect(r.resetPassword.id).toBeTruthy();
        expect((await shop().query(LOGIN, { u: email, p: 'Nowe1234!' })).login.identifier).toBe(email);
    });
});

describe('registration of an address that already has an account (registration.plugin.ts)', () => {
    const REGISTER = typed<
        { registerCustomerAccount: { __typename: string; success?: boolean; errorCode?: string; message?: string } },
        { i: { emailAddress: string; password: string; firstName: string; lastName: string } }
    >(
        `mutation($i: RegisterCustomerInput!) { registerCustomerAccount(input: $i) { __typename ... on Success { success } ... on ErrorResult { errorCode message } } }`,
    );
    const FIRST_NAME = typed<{ activeCustomer: { firstName: string } | null }>(`{ activeCustomer { firstName } }`);

    it("answers EMAIL_ADDRESS_CONFLICT_ERROR and leaves the owner's account as it was", async () => {
        const r = await shop().query(REGISTER, {
            i: { emailAddress: 'demo@psiaki.test', password: 'Obcy1234!', firstName: 'Ktoś', lastName: 'Obcy' },
        });
        expect(r.registerCustomerAccount).toMatchObject({
            __typename: 'EmailAddressConflictError',
            errorCode: 'EMAIL_ADDRESS_CONFLICT_ERROR',
        });
        const s = shop();
        expect((await s.query(LOGIN, { u: 'demo@psiaki.test', p: 'Demo1234!' })).login.identifier).toBe('demo@psiaki.test');
        expect((await s.query(FIRST_NAME)).activeCustomer?.firstName).toBe('Anna');
    });

    it('still registers a new address', async () => {
        const r = await shop().query(REGISTER, {
            i: { emailAddress: `nowa-${Date.now()}@psiaki.test`, password: 'Start1234!', firstName: 'Ola', lastName: 'Lis' },
        });
        expect(r.registerCustomerAccount).toEqual({ __typename: 'Success', success: true });
    });
});

describe('blog stand-in', () => {
    it('serves posts in the WordPress REST shape with embedded featured media', async () => {
        const res = await fetch(`${blogUrl()}/wp-json/wp/v2/posts?per_page=3&_embed`);
        expect(res.headers.get('x-wp-total')).toBe('8');
        const posts = (await res.json()) as WpPost[];
        expect(posts).toHaveLength(3);
        const [post] = posts;
        expect(post.title.rendered).toBeTruthy();
        expect(post.excerpt.rendered).toMatch(/^<p>/);
        expect(post.link).toMatch(new RegExp(`^${blogUrl()}/[a-z-]+/[a-z0-9-]+/$`));
        const image = await fetch(post._embedded!['wp:featuredmedia'][0].source_url);
        expect(image.headers.get('content-type')).toBe('image/jpeg');
        const all = await getJson<WpPost[]>(`${blogUrl()}/wp-json/wp/v2/posts?per_page=100`);
        expect(all.some(p => p.excerpt.rendered.includes('<script>') && p.excerpt.rendered.includes('onerror='))).toBe(true);
    });
});
