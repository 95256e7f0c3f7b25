import { type DocumentNode, Kind, type SelectionSetNode, type ValueNode } from '@0no-co/graphql.web';
import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { blocked, clientAddress, consume, fingerprint, type LimiterName, recordFailure, type Refusal } from './limiter';

/**
 * Shop API fields that guess or spend something per attempt (spec §2, DESIGN.md "Abuse"), and
 * the limits each occurrence counts against. Every occurrence counts, so aliases in one document
 * cannot batch many attempts into one request.
 */
export const LIMITED_FIELDS = {
  mutation: new Set([
    'login',
    'registerCustomerAccount',
    'requestPasswordReset',
    'resetPassword',
    'refreshCustomerVerification',
    'applyCouponCode',
    'subscribeToNewsletter',
    // the withdrawal form: each submit spends an e-mail and a record (issue 24)
    'requestWithdrawal',
    'requestOrderStatusLink', // a fresh order status link by code and e-mail (decision 104): WITHDRAWAL_LIMITER, stepsFor's default
  ]),
  // looking an order up by its code and e-mail (the withdrawal form, a guest's order status page)
  // must not become a way to try codes
  query: new Set(['withdrawalOrder', 'orderStatus']),
} as const;

/** One limited field of a document, with the arguments its limits are keyed by. */
export interface LimitedField {
  name: string;
  /** the key in the answer's `data` (its alias, else its name) */
  responseKey: string;
  /** the account or e-mail address it names, lower-cased (login's username, the e-mail of register and reset) */
  account?: string;
}

function stringArg(value: ValueNode | undefined, variables: Record<string, unknown>, path: string[] = []): string | undefined {
  let v: unknown;
  if (!value) return undefined;
  if (value.kind === Kind.VARIABLE) v = variables[value.name.value];
  else if (value.kind === Kind.STRING) v = value.value;
  else if (value.kind === Kind.OBJECT) {
    const [head, ...rest] = path;
    return stringArg(value.fields.find((f) => f.name.value === head)?.value, variables, rest);
  } else return undefined;
  for (const key of path) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined;
  return typeof v === 'string' ? v.trim().toLowerCase() : undefined;
}

/** Where each field names an account or e-mail address: argument name, then the path inside it. */
const ACCOUNT_ARGUMENT: Record<string, [string, ...string[]]> = {
  login: ['username'],
  registerCustomerAccount: ['input', 'emailAddress'],
  requestPasswordReset: ['emailAddress'],
  refreshCustomerVerification: ['emailAddress'],
};

/** The limited fields a GraphQL document carries, through aliases, inline fragments and fragment spreads. */
export function limitedFields(document: DocumentNode, variables: Record<string, unknown> = {}): LimitedField[] {
  const fragments = new Map<string, SelectionSetNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d.selectionSet);
  const found: LimitedField[] = [];
  const seen = new Set<string>();
  const walk = (set: SelectionSetNode, limited: ReadonlySet<string>) => {
    for (const s of set.selections) {
      if (s.kind === Kind.FIELD) {
        if (!limited.has(s.name.value)) continue;
        const where = ACCOUNT_ARGUMENT[s.name.value];
        const account = where
          ? stringArg(s.arguments?.find((a) => a.name.value === where[0])?.value, variables, where.slice(1))
          : undefined;
        found.push({ name: s.name.value, responseKey: s.alias?.value ?? s.name.value, account });
      } else if (s.kind === Kind.INLINE_FRAGMENT) walk(s.selectionSet, limited);
      else if (s.kind === Kind.FRAGMENT_SPREAD && !seen.has(s.name.value)) {
        seen.add(s.name.value);
        const fragment = fragments.get(s.name.value);
        if (fragment) walk(fragment, limited);
      }
    }
  };
  for (const d of document.definitions) {
    if (d.kind !== Kind.OPERATION_DEFINITION) continue;
    if (d.operation === 'mutation') walk(d.selectionSet, LIMITED_FIELDS.mutation);
    else if (d.operation === 'query') walk(d.selectionSet, LIMITED_FIELDS.query);
  }
  return found;
}

/** How many limited fields a document carries (0 for any other operation). */
export function limitedAttempts(document: DocumentNode): number {
  return limitedFields(document).length;
}

type Step = { check: 'blocked' | 'consume'; limiter: LimiterName; key: string };

/** The limits one field counts against, in order: blocks first (they count nothing), then the counters. */
async function stepsFor(field: LimitedField, address: string, session: string | undefined): Promise<Step[]> {
  const account = field.account ? await fingerprint(field.account) : undefined;
  switch (field.name) {
    case 'login':
      return [
        ...(account ? [{ check: 'blocked', limiter: 'LOGIN_FAILURE_LIMITER', key: `${account}|${address}` } as Step] : []),
        { check: 'consume', limiter: 'LOGIN_ADDRESS_LIMITER', key: address },
      ];
    case 'registerCustomerAccount':
    case 'requestPasswordReset':
    case 'refreshCustomerVerification':
      return [
        { check: 'consume', limiter: 'ACCOUNT_ADDRESS_LIMITER', key: address },
        ...(account ? [{ check: 'consume', limiter: 'ACCOUNT_EMAIL_LIMITER', key: account } as Step] : []),
      ];
    case 'resetPassword':
      return [{ check: 'consume', limiter: 'ACCOUNT_ADDRESS_LIMITER', key: address }];
    case 'applyCouponCode':
      return [
        { check: 'consume', limiter: 'COUPON_SESSION_LIMITER', key: session ? await fingerprint(session) : address },
        { check: 'consume', limiter: 'COUPON_ADDRESS_LIMITER', key: address },
      ];
    case 'subscribeToNewsletter':
      return [{ check: 'consume', limiter: 'NEWSLETTER_LIMITER', key: address }];
    default:
      return [{ check: 'consume', limiter: 'WITHDRAWAL_LIMITER', key: address }];
  }
}

/**
 * Pipeline step 3, before the backend call: a request with a limited field over any of its
 * limits is refused (the 429 of ./limiter.ts `tooManyAttempts`); Vendure never sees it. Returns
 * null when the request may go on.
 */
export async function authRateLimit(c: Context<AppEnv>, fields: LimitedField[], session: string | undefined): Promise<Refusal | null> {
  const address = clientAddress(c);
  const steps = (await Promise.all(fields.map((f) => stepsFor(f, address, session)))).flat();
  for (const step of steps.filter((s) => s.check === 'blocked')) {
    const refusal = await blocked(c, step.limiter, step.key);
    if (refusal) return refusal;
  }
  for (const step of steps.filter((s) => s.check === 'consume')) {
    const refusal = await consume(c, step.limiter, step.key);
    if (refusal) return refusal;
  }
  return null;
}

/**
 * A login's answer is a success only when it says so (`CurrentUser`, or an `id` and no
 * `errorCode`); anything else that ran — a wrong password, an answer shaped to hide which it
 * was — counts as a failure.
 */
function loginSucceeded(result: unknown): boolean {
  if (!result || typeof result !== 'object') return false;
  const r = result as Record<string, unknown>;
  return r.__typename === 'CurrentUser' || (typeof r.id === 'string' && !('errorCode' in r));
}

/**
 * After the backend answered: each login in it that failed counts against its account and
 * address (LOGIN_FAILURE_LIMITER), the count that blocks the next attempts.
 */
export async function recordLoginOutcomes(c: Context<AppEnv>, fields: LimitedField[], answer: string): Promise<void> {
  const logins = fields.filter((f) => f.name === 'login' && f.account);
  if (logins.length === 0) return;
  let data: Record<string, unknown> | undefined;
  try {
    data = (JSON.parse(answer) as { data?: Record<string, unknown> }).data ?? undefined;
  } catch {
    return;
  }
  if (!data) return; // the document did not run (a validation error): no password was tried
  const address = clientAddress(c);
  for (const login of logins) {
    if (!(login.responseKey in data) || loginSucceeded(data[login.responseKey])) continue;
    await recordFailure(c, 'LOGIN_FAILURE_LIMITER', `${await fingerprint(login.account!)}|${address}`);
  }
}
