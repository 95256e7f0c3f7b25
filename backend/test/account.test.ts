import { describe, expect, it } from 'vitest';
import { backendUrl, blogUrl, shop } from './helpers';

const LOGIN = `mutation($u: String!, $p: String!) { login(username: $u, password: $p) { ... on CurrentUser { id identifier } ... on ErrorResult { errorCode message } } }`;

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
        const me = await s.query(`{ activeCustomer {
            firstName customFields { imiepsa rasapsa newsletter dataurodzinpsa }
            addresses { defaultShippingAddress defaultBillingAddress customFields { paczkomat nip fvat } }
            orders { totalItems items { state } } } }`);
        expect(me.activeCustomer.customFields).toMatchObject({ imiepsa: 'Figa', newsletter: true });
        const shipping = me.activeCustomer.addresses.find((a: any) => a.defaultShippingAddress);
        const billing = me.activeCustomer.addresses.find((a: any) => a.defaultBillingAddress);
        expect(shipping.customFields.paczkomat).toBe('WAW01M');
        expect(billing.customFields).toMatchObject({ nip: '1234567883', fvat: true });
        expect(me.activeCustomer.orders.totalItems).toBe(2);
    });

    it('completes a password reset with the token from the dev mailbox', async () => {
        const s = shop();
        const email = `reset-${Date.now()}@psiaki.test`;
        const reg = await s.query(`mutation($i: RegisterCustomerInput!) { registerCustomerAccount(input: $i) { ... on Success { success } ... on ErrorResult { errorCode message } } }`, {
            i: { emailAddress: email, password: 'Stare1234!', firstName: 'Ola', lastName: 'Nowa' },
        });
        expect(reg.registerCustomerAccount.success).toBe(true);
        await s.query(`mutation($e: String!) { requestPasswordReset(emailAddress: $e) { ... on Success { success } } }`, { e: email });
        // events are published after the transaction commits, so the mail may take a moment
        let reset: any;
        for (let i = 0; i < 50 && !reset; i++) {
            const mails = await (await fetch(`${backendUrl()}/dev-mailbox?email=${encodeURIComponent(email)}`)).json();
            reset = mails.find((m: any) => m.type === 'password-reset');
            if (!reset) await new Promise(r => setTimeout(r, 100));
        }
        expect(reset.token).toBeTruthy();
        const r = await s.query(`mutation($t: String!, $p: String!) { resetPassword(token: $t, password: $p) { ... on CurrentUser { id } ... on ErrorResult { errorCode message } } }`, {
            t: reset.token,
            p: 'Nowe1234!',
        });
        expect(r.resetPassword.id).toBeTruthy();
        expect((await shop().query(LOGIN, { u: email, p: 'Nowe1234!' })).login.identifier).toBe(email);
    });
});

describe('registration of an address that already has an account (registration.plugin.ts)', () => {
    const REGISTER = `mutation($i: RegisterCustomerInput!) { registerCustomerAccount(input: $i) { __typename ... on Success { success } ... on ErrorResult { errorCode message } } }`;

    it('answers EMAIL_ADDRESS_CONFLICT_ERROR and leaves the owner\'s account as it was', async () => {
        const r = await shop().query(REGISTER, { i: { emailAddress: 'demo@psiaki.test', password: 'Obcy1234!', firstName: 'Ktoś', lastName: 'Obcy' } });
        expect(r.registerCustomerAccount).toMatchObject({ __typename: 'EmailAddressConflictError', errorCode: 'EMAIL_ADDRESS_CONFLICT_ERROR' });
        const s = shop();
        expect((await s.query(LOGIN, { u: 'demo@psiaki.test', p: 'Demo1234!' })).login.identifier).toBe('demo@psiaki.test');
        expect((await s.query(`{ activeCustomer { firstName } }`)).activeCustomer.firstName).toBe('Anna');
    });

    it('still registers a new address', async () => {
        const r = await shop().query(REGISTER, { i: { emailAddress: `nowa-${Date.now()}@psiaki.test`, password: 'Start1234!', firstName: 'Ola', lastName: 'Lis' } });
        expect(r.registerCustomerAccount).toEqual({ __typename: 'Success', success: true });
    });
});

describe('blog stand-in', () => {
    it('serves posts in the WordPress REST shape with embedded featured media', async () => {
        const res = await fetch(`${blogUrl()}/wp-json/wp/v2/posts?per_page=3&_embed`);
        expect(res.headers.get('x-wp-total')).toBe('8');
        const posts = await res.json();
        expect(posts).toHaveLength(3);
        const [post] = posts;
        expect(post.title.rendered).toBeTruthy();
        expect(post.excerpt.rendered).toMatch(/^<p>/);
        expect(post.link).toMatch(new RegExp(`^${blogUrl()}/[a-z-]+/[a-z0-9-]+/$`));
        const image = await fetch(post._embedded['wp:featuredmedia'][0].source_url);
        expect(image.headers.get('content-type')).toBe('image/jpeg');
        const all = await (await fetch(`${blogUrl()}/wp-json/wp/v2/posts?per_page=100`)).json();
        expect(all.some((p: any) => p.excerpt.rendered.includes('<script>') && p.excerpt.rendered.includes('onerror='))).toBe(true);
    });
});
