import { describe, expect, it } from 'vitest';
import { typed } from '../src/dev/graphql-client';
import { type DevMail } from '../src/dev/dev-mailbox/types';
import { adminSession, getJson, shop, mailboxUrl } from './helpers';

const SUBSCRIBE = typed<{ subscribeToNewsletter: { status: string } }, { e: string; c: boolean }>(
    `mutation($e: String!, $c: Boolean!) { subscribeToNewsletter(email: $e, consent: $c) { status } }`,
);
const CONFIRM = typed<{ confirmNewsletter: { status: string } }, { t: string }>(
    `mutation($t: String!) { confirmNewsletter(token: $t) { status } }`,
);
const LOGIN = typed<{ login: { id?: string; errorCode?: string } }, { u: string; p: string }>(
    `mutation($u: String!, $p: String!) { login(username: $u, password: $p) { ... on CurrentUser { id } ... on ErrorResult { errorCode } } }`,
);
const REGISTER = typed<{ registerCustomerAccount: { success?: boolean } }, { i: Record<string, string> }>(
    `mutation($i: RegisterCustomerInput!) { registerCustomerAccount(input: $i) { ... on Success { success } } }`,
);
const FLAG = typed<{ activeCustomer: { customFields: { newsletter: boolean | null } } | null }>(
    `{ activeCustomer { customFields { newsletter } } }`,
);

async function newsletterMails(email: string): Promise<DevMail[]> {
    const mails = await getJson<DevMail[]>(mailboxUrl(email));
    return mails.filter(m => m.type === 'newsletter-confirm');
}

/** Events are published after the transaction commits, so the mail may take a moment. */
async function waitForMails(email: string, count: number) {
    for (let i = 0; i < 50; i++) {
        const mails = await newsletterMails(email);
        if (mails.length >= count) return mails;
        await new Promise(r => setTimeout(r, 100));
    }
    return newsletterMails(email);
}

describe('newsletter (double opt-in)', () => {
    it('refuses a malformed address and a missing consent with a Polish USER_INPUT_ERROR', async () => {
        const bad = await shop().raw(SUBSCRIBE, { e: 'anna(at)example.pl', c: true });
        expect(bad.errors?.[0]).toMatchObject({ message: 'Podaj poprawny adres e-mail.', extensions: { code: 'USER_INPUT_ERROR' } });
        const noConsent = await shop().raw(SUBSCRIBE, { e: `bez-zgody-${Date.now()}@psiaki.test`, c: false });
        expect(noConsent.errors?.[0]).toMatchObject({
            message: 'Zapis do newslettera wymaga zgody.',
            extensions: { code: 'USER_INPUT_ERROR' },
        });
    });

    it('mails one opt-in link however often the address signs up, confirms it once, then says already subscribed', async () => {
        const email = `news-${Date.now()}@psiaki.test`;
        expect((await shop().query(SUBSCRIBE, { e: email, c: true })).subscribeToNewsletter.status).toBe('CONFIRMATION_SENT');
        // the same address typed differently is the same subscription: no second e-mail within the resend interval
        expect((await shop().query(SUBSCRIBE, { e: `  ${email.toUpperCase()} `, c: true })).subscribeToNewsletter.status).toBe(
            'CONFIRMATION_SENT',
        );
        const mails = await waitForMails(email, 1);
        await new Promise(r => setTimeout(r, 300));
        expect(await newsletterMails(email)).toHaveLength(1);
        expect(mails[0]!.link).toBe(`/newsletter/potwierdz?token=${mails[0]!.token}`);

        expect((await shop().query(CONFIRM, { t: mails[0]!.token })).confirmNewsletter.status).toBe('CONFIRMED');
        expect((await shop().query(CONFIRM, { t: mails[0]!.token })).confirmNewsletter.status).toBe('ALREADY_CONFIRMED');
        expect((await shop().query(SUBSCRIBE, { e: email, c: true })).subscribeToNewsletter.status).toBe('ALREADY_SUBSCRIBED');
    });

    it('refuses an unknown or malformed confirmation token', async () => {
        expect((await shop().query(CONFIRM, { t: 'a'.repeat(48) })).confirmNewsletter.status).toBe('INVALID_TOKEN');
        expect((await shop().query(CONFIRM, { t: "' OR 1=1 --" })).confirmNewsletter.status).toBe('INVALID_TOKEN');
    });

    it("subscribes a signed-in customer's own address at once and sets their newsletter flag", async () => {
        const s = shop();
        const email = `klient-${Date.now()}@psiaki.test`;
        const reg = await s.query(REGISTER, { i: { emailAddress: email, password: 'Haslo1234!', firstName: 'Ola', lastName: 'Psia' } });
        expect(reg.registerCustomerAccount.success).toBe(true);
        expect((await s.query(LOGIN, { u: email, p: 'Haslo1234!' })).login.id).toBeTruthy();
        const before = await s.query(FLAG);
        expect(before.activeCustomer?.customFields.newsletter).toBe(false);
        expect((await s.query(SUBSCRIBE, { e: email, c: true })).subscribeToNewsletter.status).toBe('SUBSCRIBED');
        const after = await s.query(FLAG);
        expect(after.activeCustomer?.customFields.newsletter).toBe(true);
        expect(await newsletterMails(email)).toHaveLength(0);
    });

    it('sets the flag of the customer owning an address confirmed through the e-mail link', async () => {
        const s = shop();
        const email = `link-${Date.now()}@psiaki.test`;
        await s.query(REGISTER, { i: { emailAddress: email, password: 'Haslo1234!', firstName: 'Jan', lastName: 'Psi' } });
        expect((await shop().query(SUBSCRIBE, { e: email, c: true })).subscribeToNewsletter.status).toBe('CONFIRMATION_SENT');
        const [mail] = await waitForMails(email, 1);
        expect((await shop().query(CONFIRM, { t: mail!.token })).confirmNewsletter.status).toBe('CONFIRMED');
        await s.query(LOGIN, { u: email, p: 'Haslo1234!' });
        expect((await s.query(FLAG)).activeCustomer?.customFields.newsletter).toBe(true);
    });

    it('says already subscribed for a customer whose newsletter flag is set (the demo customer)', async () => {
        expect((await shop().query(SUBSCRIBE, { e: 'demo@psiaki.test', c: true })).subscribeToNewsletter.status).toBe('ALREADY_SUBSCRIBED');
    });

    it('lists the subscribers for the staff in the Admin API, newest first and by status (the Dashboard screen and its CSV export)', async () => {
        const pending = `lista-${Date.now()}@psiaki.test`;
        const confirmed = `lista-potw-${Date.now()}@psiaki.test`;
        await shop().query(SUBSCRIBE, { e: confirmed, c: true });
        const [mail] = await waitForMails(confirmed, 1);
        await shop().query(CONFIRM, { t: mail!.token });
        await shop().query(SUBSCRIBE, { e: pending, c: true });
        const admin = await adminSession();
        type List = {
            newsletterSubscribers: {
                totalItems: number;
                items: Array<{ emailAddress: string; status: string; confirmedAt: string | null }>;
            };
        };
        const LIST = `query($s: String) { newsletterSubscribers(status: $s, take: 500) { totalItems items { emailAddress status confirmedAt } } }`;
        const all = await admin.query<List>(LIST, {});
        expect(all.newsletterSubscribers.items.slice(0, 2).map(i => i.emailAddress)).toEqual([pending, confirmed]);
        const onlyConfirmed = await admin.query<List>(LIST, { s: 'confirmed' });
        expect(onlyConfirmed.newsletterSubscribers.items.every(i => i.status === 'confirmed' && i.confirmedAt)).toBe(true);
        expect(onlyConfirmed.newsletterSubscribers.items.map(i => i.emailAddress)).toContain(confirmed);
        expect(onlyConfirmed.newsletterSubscribers.items.map(i => i.emailAddress)).not.toContain(pending);
        expect((await admin.raw(LIST, { s: 'wszyscy' })).errors?.[0]?.extensions?.code).toBe('USER_INPUT_ERROR');
    });
});
