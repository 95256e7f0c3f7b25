import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { argumentsOf, type Executed, fieldsOf, stringAt } from '../shop/operation';
import { blocked, challengeEnforced, clientAddress, consume, fingerprint, type LimiterName, recordFailure, type Refusal } from './limiter';
import { verifyTurnstile } from './turnstile';

/**
 * Shop API fields that guess or spend something per attempt (spec §2, docs/architecture.md "Security and limits"), and
 * the limits each occurrence counts against. Every field the executed operation runs counts, so
 * aliases in one document cannot batch many attempts into one request.
 */
const LIMITED_FIELDS = {
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
    // a fresh order status link by code and e-mail (decision 104): a lookup per address, and an
    // e-mail per address it is sent to, so nobody fills a shopper's inbox with links
    'requestOrderStatusLink',
  ]),
  // looking an order up by its code and e-mail (the withdrawal form, a guest's order status page)
  // must not become a way to try codes
  query: new Set(['withdrawalOrder', 'orderStatus']),
} as const;

/** One limited field of a document, with the arguments its limits are keyed by. */
interface LimitedField {
  name: string;
  /** the key in the answer's `data` (its alias, else its name) */
  responseKey: string;
  /** the account or e-mail address it names, lower-cased (login's username, the e-mail of register and reset) */
  account?: string;
}

/** Where each field names an account or e-mail address: argument name, then the path inside it. */
const ACCOUNT_ARGUMENT: Record<string, [string, ...string[]]> = {
  login: ['username'],
  registerCustomerAccount: ['input', 'emailAddress'],
  requestPasswordReset: ['emailAddress'],
  refreshCustomerVerification: ['emailAddress'],
  requestOrderStatusLink: ['emailAddress'],
};

/**
 * The limited fields the executed operation runs (worker/shop/operation.ts: the operation the
 * backend picks, its variables with their defaults, inline literals, aliases, fragments), each
 * with the account it names as the backend will read it: a default value or a literal names the
 * account as surely as a variable does.
 */
export function limitedFields(executed: Extract<Executed, { operation: unknown }>): LimitedField[] {
  const { operation, variables, fragments } = executed;
  const limited: ReadonlySet<string> | undefined =
    operation.operation === 'mutation' ? LIMITED_FIELDS.mutation : operation.operation === 'query' ? LIMITED_FIELDS.query : undefined;
  if (!limited) return [];
  return fieldsOf(operation.selectionSet, fragments, variables)
    .filter((field) => limited.has(field.name.value))
    .map((field) => {
      const where = ACCOUNT_ARGUMENT[field.name.value];
      const account = where ? stringAt(argumentsOf(field, variables)[where[0]], where.slice(1)) : undefined;
      return {
        name: field.name.value,
        responseKey: field.alias?.value ?? field.name.value,
        account: account?.trim().toLowerCase() || undefined,
      };
    });
}

type Step = { check: 'blocked' | 'consume' | 'challenge'; limiter: LimiterName; key: string };

/** The limits one field counts against, in order: blocks first (they count nothing), then the counters. */
async function stepsFor(field: LimitedField, address: string, session: string | undefined): Promise<Step[]> {
  const account = field.account ? await fingerprint(field.account) : undefined;
  switch (field.name) {
    case 'login':
      return [
        ...(account
          ? [
              { check: 'blocked', limiter: 'LOGIN_FAILURE_LIMITER', key: `${account}|${address}` } as Step,
              { check: 'challenge', limiter: 'LOGIN_ACCOUNT_LIMITER', key: account } as Step,
            ]
          : []),
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
    case 'requestOrderStatusLink':
      return [
        { check: 'consume', limiter: 'WITHDRAWAL_LIMITER', key: address },
        ...(account ? [{ check: 'consume', limiter: 'ACCOUNT_EMAIL_LIMITER', key: account } as Step] : []),
      ];
    default:
      return [{ check: 'consume', limiter: 'WITHDRAWAL_LIMITER', key: address }];
  }
}

/** The request header that carries a Turnstile token when a login asked for a challenge. */
const CHALLENGE_TOKEN_HEADER = 'X-Turnstile-Token';

/**
 * Pipeline step 3, before the backend call: a request with a limited field over any of its
 * limits is refused (the 429 of ./limiter.ts `tooManyAttempts`); Vendure never sees it. A login
 * of an account that failed too often from anywhere (LOGIN_ACCOUNT_LIMITER) goes on only with a
 * valid Turnstile token (the 403 of `challengeRequired` otherwise): the owner proves to be a
 * person instead of being locked out. Returns null when the request may go on.
 */
export async function authRateLimit(c: Context<AppEnv>, fields: LimitedField[], session: string | undefined): Promise<Refusal | null> {
  const address = clientAddress(c);
  const steps = (await Promise.all(fields.map((f) => stepsFor(f, address, session)))).flat();
  for (const step of steps.filter((s) => s.check === 'blocked')) {
    const refusal = await blocked(c, step.limiter, step.key);
    if (refusal) return refusal;
  }
  if (challengeEnforced(c.env)) {
    for (const step of steps.filter((s) => s.check === 'challenge')) {
      if (!(await blocked(c, step.limiter, step.key, Date.now(), true))) continue;
      const token = c.req.header(CHALLENGE_TOKEN_HEADER);
      const passed = await verifyTurnstile(c.env, token, c.req.header('CF-Connecting-IP'));
      if (passed) break; // one token answers for the whole request
      return { limiter: step.limiter, retryAfterSeconds: 0, challenge: token ? 'failed' : 'required' };
    }
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
 * address (LOGIN_FAILURE_LIMITER), the count that blocks the next attempts from that address,
 * and against its account from anywhere (LOGIN_ACCOUNT_LIMITER), the count after which the
 * account's logins ask for a challenge.
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
    const account = await fingerprint(login.account!);
    await recordFailure(c, 'LOGIN_FAILURE_LIMITER', `${account}|${address}`);
    if (challengeEnforced(c.env)) await recordFailure(c, 'LOGIN_ACCOUNT_LIMITER', account, Date.now(), true);
  }
}
