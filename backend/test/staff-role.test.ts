/**
 * The staff role 'Obsługa sklepu' (src/staff-role.ts, seeded by seed/staff.ts): exactly the
 * permissions stated in decision 101, and the Admin API enforcing them for the seeded staff account.
 */
import { inject } from 'vitest';
import { describe, expect, it } from 'vitest';
import { GqlSession, GraphQLError } from '../src/dev/graphql-client';
import { DEMO_STAFF, productionProblems, readEnv } from '../src/env';
import { STAFF_ROLE } from '../src/staff-role';
import { adminSession, backendUrl } from './helpers';

async function staffSession(): Promise<GqlSession> {
    const [username, ...rest] = inject('staffLogin').split(':');
    const s = new GqlSession(`${backendUrl()}/admin-api`);
    const r = await s.query<{ login: { id?: string; message?: string } }>(
        `mutation($u: String!, $p: String!) { login(username: $u, password: $p) { ... on CurrentUser { id } ... on ErrorResult { message } } }`,
        { u: username, p: rest.join(':') },
    );
    if (!r.login.id) throw new Error(`staff login failed: ${r.login.message}`);
    return s;
}

/** The error code of a refused call ('FORBIDDEN'), or 'allowed'. */
async function outcome(session: GqlSession, query: string, variables: Record<string, unknown> = {}): Promise<string> {
    try {
        await session.query(query, variables);
        return 'allowed';
    } catch (e) {
        if (e instanceof GraphQLError) return String(e.errors[0]?.extensions?.code ?? e.message);
        throw e;
    }
}

describe("staff role 'Obsługa sklepu'", () => {
    it('is seeded with exactly the stated permissions, on the default channel', async () => {
        const admin = await adminSession();
        const { roles } = await admin.query<{
            roles: { items: Array<{ code: string; description: string; permissions: string[]; channels: Array<{ code: string }> }> };
        }>(
            `{ roles(options: { filter: { code: { eq: "${STAFF_ROLE.code}" } } }) { items { code description permissions channels { code } } } }`,
        );
        expect(roles.items).toHaveLength(1);
        const role = roles.items[0]!;
        expect(role.description).toBe('Obsługa sklepu');
        expect(role.channels.map(c => c.code)).toEqual(['__default_channel__']);
        expect([...role.permissions].sort()).toEqual(
            [
                'Authenticated',
                'ReadOrder',
                'UpdateOrder',
                'ReadCustomer',
                'UpdateCustomer',
                'ReadCustomerGroup',
                'ReadCatalog',
                'ReadProduct',
                'ReadCollection',
                'ReadFacet',
                'ReadAsset',
                'ModerateProductReviews',
            ].sort(),
        );
        // nothing of the settings, administrators, channels, payment/shipping configuration or the system
        for (const p of role.permissions)
            expect(p).not.toMatch(
                /Settings|Administrator|Role|Channel|PaymentMethod|ShippingMethod|Promotion|Tax|Zone|Country|System|Seller|StockLocation|ApiKey/,
            );
        const { administrators } = await admin.query<{
            administrators: { items: Array<{ emailAddress: string; user: { roles: Array<{ code: string }> } }> };
        }>(`{ administrators { items { emailAddress user { roles { code } } } } }`);
        const staff = administrators.items.find(a => a.emailAddress === inject('staffLogin').split(':')[0]);
        expect(staff?.user.roles.map(r => r.code)).toEqual([STAFF_ROLE.code]);
    });

    it('lets the staff account read and change orders, customers and withdrawals, read the catalogue and moderate reviews', async () => {
        const staff = await staffSession();
        expect(await outcome(staff, `{ orders(options: { take: 1 }) { totalItems } }`)).toBe('allowed');
        expect(await outcome(staff, `{ customers(options: { take: 1 }) { totalItems } }`)).toBe('allowed');
        expect(await outcome(staff, `{ products(options: { take: 1 }) { totalItems } }`)).toBe('allowed');
        expect(await outcome(staff, `{ withdrawals(take: 1) { totalItems } }`)).toBe('allowed');
        expect(await outcome(staff, `{ newsletterSubscribers(take: 1) { totalItems } }`)).toBe('allowed');
        expect(await outcome(staff, `{ productReviews(state: APPROVED, take: 1) { totalItems items { product { name } } } }`)).toBe(
            'allowed',
        );
        // moderation: a missing review is NOT_FOUND-ish, not FORBIDDEN (the permission let it through)
        expect(await outcome(staff, `mutation { rejectProductReview(id: "999999") { id } }`)).not.toBe('FORBIDDEN');
    });

    it('refuses the staff account the catalogue edits, settings, administrators, roles, channels and payment methods', async () => {
        const staff = await staffSession();
        const refused = {
            updateProduct: `mutation { updateProduct(input: { id: "1", enabled: true }) { id } }`,
            updateGlobalSettings: `mutation { updateGlobalSettings(input: { trackInventory: true }) { __typename } }`,
            administrators: `{ administrators { totalItems } }`,
            roles: `{ roles { totalItems } }`,
            channels: `{ channels { totalItems } }`,
            paymentMethods: `{ paymentMethods { totalItems } }`,
            shippingMethods: `{ shippingMethods { totalItems } }`,
            // reading tax rates comes with ReadCatalog (Vendure's prices need them); changing them does not
            updateTaxRate: `mutation { updateTaxRate(input: { id: "1", value: 23 }) { id } }`,
            promotions: `{ promotions { totalItems } }`,
            createAdministrator: `mutation { createAdministrator(input: { emailAddress: "x@psiaki.test", firstName: "X", lastName: "Y", password: "x", roleIds: [] }) { id } }`,
        };
        for (const [name, query] of Object.entries(refused))
            expect({ name, outcome: await outcome(staff, query) }).toEqual({ name, outcome: 'FORBIDDEN' });
    });

    it('production refuses the demo staff password (README), and a short one', () => {
        const env = readEnv();
        const problems = (staffPassword: string) =>
            productionProblems({ ...env, staffPassword }).filter(p => p.includes('BACKEND_STAFF_PASSWORD'));
        expect(problems(DEMO_STAFF.password)).toEqual([
            'BACKEND_STAFF_PASSWORD must not be the demo staff password (README) in production',
        ]);
        expect(problems('krotkie')).toEqual(['BACKEND_STAFF_PASSWORD must have at least 12 characters']);
        expect(problems('a-long-generated-staff-password')).toEqual([]);
        // unset in production: no staff account is seeded there, nothing to refuse
        expect(problems('')).toEqual([]);
    });
});
