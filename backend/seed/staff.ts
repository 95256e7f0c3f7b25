/**
 * The staff role 'Obsługa sklepu' (src/staff-role.ts) and one staff account for it: the demo
 * `obsluga@psiaki.test` (README) in development, BACKEND_STAFF_PASSWORD where set (the production
 * profile passes a generated one). Created through the Admin API as the superadmin, like any
 * role an administrator adds. The superadmin stays for setting the shop up.
 */
import { type BackendEnv, DEMO_STAFF } from '../src/env';
import { type GqlSession } from '../src/dev/graphql-client';
import { STAFF_ADMINISTRATOR, STAFF_ROLE } from '../src/staff-role';

export async function seedStaff(admin: GqlSession, env: BackendEnv): Promise<string> {
    const login = await admin.query<{ login: { id?: string; message?: string } }>(
        `mutation($u: String!, $p: String!) { login(username: $u, password: $p) { ... on CurrentUser { id } ... on ErrorResult { message } } }`,
        { u: env.superadminIdentifier, p: env.superadminPassword },
    );
    if (!login.login.id) throw new Error(`superadmin login failed: ${login.login.message}`);
    const { activeChannel } = await admin.query<{ activeChannel: { id: string } }>(`{ activeChannel { id } }`);
    const { createRole } = await admin.query<{ createRole: { id: string } }>(
        `mutation($input: CreateRoleInput!) { createRole(input: $input) { id } }`,
        {
            input: {
                code: STAFF_ROLE.code,
                description: STAFF_ROLE.description,
                permissions: STAFF_ROLE.permissions,
                channelIds: [activeChannel.id],
            },
        },
    );
    if (!env.staffPassword) throw new Error('BACKEND_STAFF_PASSWORD is empty: the staff account needs a password');
    await admin.query(`mutation($input: CreateAdministratorInput!) { createAdministrator(input: $input) { id } }`, {
        input: {
            emailAddress: DEMO_STAFF.identifier,
            firstName: STAFF_ADMINISTRATOR.firstName,
            lastName: STAFF_ADMINISTRATOR.lastName,
            password: env.staffPassword,
            roleIds: [createRole.id],
        },
    });
    await admin.query(`mutation { logout { success } }`);
    return DEMO_STAFF.identifier;
}
