/**
 * The backend's own defences of decision 105, on both profiles: failed logins per account (Admin
 * and Shop API) blocked for a while, no framing of any API server response, staff changing a
 * customer's e-mail address tells the old address and notes it in the history, the session's
 * lifetime. (The Shop API's secret and the balancer's limits: test/production/api-surface.test.ts.)
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { type GqlSession, ok } from '../src/dev/graphql-client';
import { readEnv } from '../src/env';
import { SESSION_DURATION_SECONDS } from '../src/plugins/account-security/session-duration';
import { EMAIL_CHANGED_BY_STAFF_SUBJECT } from '../src/plugins/shop-mail/account-security-mail';
import { makeConfig } from '../src/vendure-config';
import { adminSession, backendUrl, getJson, mailboxUrl, shop, shopApiHeaders } from './helpers';

const LOGIN = `mutation($u: String!, $p: String!) { login(username: $u, password: $p) {
    ... on CurrentUser { id } ... on ErrorResult { errorCode message } } }`;

type LoginAnswer = {
    data?: { login: { id?: string; errorCode?: string } } | null;
    errors?: Array<{ message: string; extensions?: { code?: string } }>;
};

/** One login attempt in a fresh session: 'ok', the ErrorResult's code, or the GraphQL error's code. */
async function tryLogin(api: 'admin-api' | 'shop-api', username: string, password: string): Promise<string> {
    const res = await fetch(`${backendUrl()}/${api}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(api === 'shop-api' ? shopApiHeaders() : {}) },
        body: JSON.stringify({ query: LOGIN, variables: { u: username, p: password } }),
    });
    const body = (await res.json()) as LoginAnswer;
    if (body.errors?.length) return body.errors[0]!.extensions?.code ?? body.errors[0]!.message;
    return body.data?.login.id ? 'ok' : (body.data?.login.errorCode ?? 'unknown');
}

const limits = () => inject('loginFailures');

async function newAdministrator(admin: GqlSession): Promise<{ username: string; password: string }> {
    const roles = await admin.query<{ roles: { items: Array<{ id: string; code: string }> } }>(`{ roles { items { id code } } }`);
    const role = roles.roles.items.find(r => !r.code.startsWith('__'))!;
    const username = `staff-${randomUUID().slice(0, 8)}@psiaki.test`;
    const password = `Haslo-${randomUUID()}`;
    await admin.query(`mutation($i: CreateAdministratorInput!) { createAdministrator(input: $i) { id } }`, {
        i: { firstName: 'Test', lastName: 'Obsługa', emailAddress: username, password, roleIds: [role.id] },
    });
    return { username, password };
}

async function newCustomerAccount(): Promise<{ username: string; password: string }> {
    const username = `konto-${randomUUID().slice(0, 8)}@psiaki.test`;
    const password = `Haslo-${randomUUID()}`;
    const r = await shop().query<{ registerCustomerAccount: { success?: boolean; errorCode?: string } }>(
        `mutation($i: RegisterCustomerInput!) { registerCustomerAccount(input: $i) { ... on Success { success } ... on ErrorResult { errorCode } } }`,
        { i: { emailAddress: username, password, firstName: 'Ala', lastName: 'Kot' } },
    );
    ok(r.registerCustomerAccount, 'registerCustomerAccount');
    return { username, password };
}

/** Fails an account's login until the limit: every answer but the last is the usual wrong-credentials one. */
async function failUntilBlocked(api: 'admin-api' | 'shop-api', username: string): Promise<string[]> {
    const answers: string[] = [];
    for (let i = 0; i < limits().limit; i++) answers.push(await tryLogin(api, username, 'zle-haslo-123'));
    return answers;
}

describe('failed logins per account (decision 105)', () => {
    it.each(['admin-api', 'shop-api'] as const)(
        '%s: the limit-th wrong password blocks the account, the right one included, until the window passes; another account logs in',
        async api => {
            const admin = await adminSession();
            const [victim, other] =
                api === 'admin-api'
                    ? await Promise.all([newAdministrator(admin), newAdministrator(admin)])
                    : await Promise.all([newCustomerAccount(), newCustomerAccount()]);
            expect(await tryLogin(api, victim.username, victim.password)).toBe('ok');

            const answers = await failUntilBlocked(api, victim.username);
            expect(answers.slice(0, -1)).toEqual(Array(limits().limit - 1).fill('INVALID_CREDENTIALS_ERROR'));
            expect(answers.at(-1)).toBe('LOGIN_TEMPORARILY_BLOCKED');
            const blockedAt = Date.now();
            // the owner with the right password is refused too, with the reason in Polish
            const refused = await fetch(`${backendUrl()}/${api}`, {
                method: 'POST',
                headers: { 'content-type': 'application/json', ...(api === 'shop-api' ? shopApiHeaders() : {}) },
                body: JSON.stringify({ query: LOGIN, variables: { u: victim.username.toUpperCase(), p: victim.password } }),
            });
            const body = (await refused.json()) as LoginAnswer;
            expect(body.errors?.[0]?.extensions?.code).toBe('LOGIN_TEMPORARILY_BLOCKED');
            expect(body.errors?.[0]?.message).toMatch(/^Zbyt wiele nieudanych prób logowania na to konto\. .*spróbuj ponownie za \d+ min$/);
            // per account, not per address: another account from the same address logs in
            expect(await tryLogin(api, other.username, other.password)).toBe('ok');

            // a time-boxed block: once the window has passed, the right password works again
            await new Promise(r => setTimeout(r, Math.max(0, blockedAt + limits().windowSeconds * 1000 + 1500 - Date.now())));
            expect(await tryLogin(api, victim.username, victim.password)).toBe('ok');
        },
        120_000,
    );

    it('a successful login clears the count: limit-1 failures, success, limit-1 failures are not blocked', async () => {
        const account = await newCustomerAccount();
        const wrong = () => tryLogin('shop-api', account.username, 'zle-haslo-123');
        for (let i = 0; i < limits().limit - 1; i++) expect(await wrong()).toBe('INVALID_CREDENTIALS_ERROR');
        expect(await tryLogin('shop-api', account.username, account.password)).toBe('ok');
        for (let i = 0; i < limits().limit - 1; i++) expect(await wrong()).toBe('INVALID_CREDENTIALS_ERROR');
        expect(await tryLogin('shop-api', account.username, account.password)).toBe('ok');
    }, 60_000);
});

describe('no framing (decision 105)', () => {
    it("the Dashboard, the Admin API and the Shop API answer with frame-ancestors 'none' and X-Frame-Options DENY", async () => {
        const answers = await Promise.all([
            fetch(`${backendUrl()}/dashboard/`),
            fetch(`${backendUrl()}/admin-api`, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: '{"query":"{ __typename }"}',
            }),
            fetch(`${backendUrl()}/shop-api`, {
                method: 'POST',
                headers: { 'content-type': 'application/json', ...shopApiHeaders() },
                body: '{"query":"{ __typename }"}',
            }),
        ]);
        for (const res of answers) {
            expect(res.status).toBe(200);
            expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
            expect(res.headers.get('x-frame-options')).toBe('DENY');
            await res.body?.cancel();
        }
    });
});

type Mail = { type: string; to: string; subject?: string };

describe("staff changing a customer's e-mail address (decision 105)", () => {
    it('tells the OLD address in Polish and notes the change in the customer history; other edits send nothing', async () => {
        const admin = await adminSession();
        const old = `stary-${randomUUID().slice(0, 8)}@psiaki.test`;
        const changed = `nowy-${randomUUID().slice(0, 8)}@psiaki.test`;
        const created = await admin.query<{ createCustomer: { id?: string; errorCode?: string } }>(
            `mutation($i: CreateCustomerInput!, $p: String) { createCustomer(input: $i, password: $p) { ... on Customer { id } ... on ErrorResult { errorCode } } }`,
            { i: { emailAddress: old, firstName: 'Ola', lastName: 'Pies' }, p: `Haslo-${randomUUID()}` },
        );
        const id = ok(created.createCustomer, 'createCustomer').id!;
        const notices = async () => (await getJson<Mail[]>(mailboxUrl(old))).filter(m => m.subject === EMAIL_CHANGED_BY_STAFF_SUBJECT);

        // an edit that leaves the address as it is tells no one
        await admin.query(`mutation($i: UpdateCustomerInput!) { updateCustomer(input: $i) { __typename } }`, {
            i: { id, firstName: 'Aleksandra' },
        });

        const updated = await admin.query<{ updateCustomer: { emailAddress?: string; errorCode?: string } }>(
            `mutation($i: UpdateCustomerInput!) { updateCustomer(input: $i) { ... on Customer { emailAddress } ... on ErrorResult { errorCode } } }`,
            { i: { id, emailAddress: changed } },
        );
        expect(ok(updated.updateCustomer, 'updateCustomer').emailAddress).toBe(changed);

        await expect.poll(async () => (await notices()).length, { timeout: 20_000, interval: 250 }).toBe(1);
        const [notice] = await notices();
        expect(notice!.to).toBe(old);
        // the new address is not told (the staff member may be the attacker's helper or mistaken)
        expect((await getJson<Mail[]>(mailboxUrl(changed))).filter(m => m.subject === EMAIL_CHANGED_BY_STAFF_SUBJECT)).toEqual([]);

        const history = await admin.query<{
            customer: { history: { items: Array<{ type: string; data: { note?: string }; administrator: { id: string } | null }> } };
        }>(`query($id: ID!) { customer(id: $id) { history(options: { take: 50 }) { items { type data administrator { id } } } } }`, { id });
        const notes = history.customer.history.items.filter(h => h.type === 'CUSTOMER_NOTE');
        expect(notes).toHaveLength(1);
        expect(notes[0]!.data.note).toBe(
            `Adres e-mail zmieniony przez obsługę sklepu z ${old} na ${changed}. Powiadomienie wysłano na poprzedni adres (${old}).`,
        );
        expect(notes[0]!.administrator).not.toBeNull();
        expect(await notices()).toHaveLength(1);
    }, 40_000);
});

describe('session lifetime (decision 105)', () => {
    it("Vendure's session lasts 30 days without use, not its default year", () => {
        const config = makeConfig(readEnv({ forSchemaOnly: true }), { synchronize: false });
        expect(config.authOptions.sessionDuration).toBe(SESSION_DURATION_SECONDS * 1000);
        expect(SESSION_DURATION_SECONDS).toBe(30 * 24 * 3600);
    });
});
