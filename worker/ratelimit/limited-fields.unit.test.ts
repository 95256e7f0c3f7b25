import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { executedOperation } from '../shop/operation';
import { limitedFields } from './auth';

/**
 * The limiter's view of a document (worker/ratelimit/auth.ts on worker/shop/operation.ts): the
 * fields the backend will execute and the account each names, however the document is written.
 * Every form of the issue-44 probe is here: variables, their defaults, inline literals, aliases,
 * several operations, repeated fields, fragments.
 */
function fields(query: string, variables: Record<string, unknown> = {}, operationName?: string) {
  const executed = executedOperation(parse(query), variables, operationName);
  if ('problem' in executed) throw new Error(executed.problem);
  return limitedFields(executed);
}
const accounts = (query: string, variables?: Record<string, unknown>, operationName?: string) =>
  fields(query, variables, operationName).map((f) => f.account);

const VICTIM = 'victim@psiaki.test';

describe('limitedFields: the account a login names, however it is written', () => {
  it('reads a variable, lower-cased and trimmed', () => {
    expect(
      fields('mutation($u: String!, $p: String!) { login(username: $u, password: $p) { __typename } }', { u: ' Victim@Psiaki.TEST ' }),
    ).toEqual([{ name: 'login', responseKey: 'login', account: VICTIM }]);
  });

  it("reads a variable's default value when the request leaves the variable out", () => {
    const query = `mutation($u: String! = "${VICTIM}", $p: String!) { login(username: $u, password: $p) { __typename } }`;
    expect(accounts(query, { p: 'zgaduje' })).toEqual([VICTIM]);
    // a value sent wins over the default, as in graphql-js
    expect(accounts(query, { u: 'other@psiaki.test', p: 'x' })).toEqual(['other@psiaki.test']);
  });

  it('reads an inline literal, and a literal beside a variable for the password', () => {
    expect(accounts(`mutation($p: String!) { login(username: "${VICTIM}", password: $p) { __typename } }`, { p: 'x' })).toEqual([VICTIM]);
  });

  it('reads every alias, each with its own account', () => {
    expect(
      fields(
        `mutation { a: login(username: "${VICTIM}", password: "1") { __typename } b: login(username: "x@y.pl", password: "2") { __typename } }`,
      ),
    ).toEqual([
      { name: 'login', responseKey: 'a', account: VICTIM },
      { name: 'login', responseKey: 'b', account: 'x@y.pl' },
    ]);
  });

  it('reads the operation the request names among several, with that operation’s defaults', () => {
    const query = `
      query Harmless { activeChannel { code } }
      mutation Guess($u: String! = "${VICTIM}", $p: String = "1") { login(username: $u, password: $p) { __typename } }
      mutation Other($u: String! = "other@psiaki.test") { login(username: $u, password: "2") { __typename } }`;
    expect(accounts(query, {}, 'Guess')).toEqual([VICTIM]);
    expect(accounts(query, {}, 'Other')).toEqual(['other@psiaki.test']);
    expect(accounts(query, {}, 'Harmless')).toEqual([]);
  });

  it('refuses to choose among several operations without a name, and a name that is not there (graphql-js refuses them too)', () => {
    const query = 'mutation A { login(username: "a", password: "b") { __typename } } mutation B { logout { success } }';
    expect(executedOperation(parse(query), {})).toEqual({ problem: 'operation-name-required' });
    expect(executedOperation(parse(query), {}, 'C')).toEqual({ problem: 'unknown-operation-name' });
  });

  it('follows inline fragments and fragment spreads, a fragment once however often it is spread', () => {
    const query = `
      mutation($u: String! = "${VICTIM}") { ... on Mutation { x: login(username: $u, password: "1") { __typename } } ...F ...F }
      fragment F on Mutation { y: login(username: $u, password: "2") { __typename } ...G }
      fragment G on Mutation { requestPasswordReset(emailAddress: $u) { __typename } }`;
    expect(fields(query)).toEqual([
      { name: 'login', responseKey: 'x', account: VICTIM },
      { name: 'login', responseKey: 'y', account: VICTIM },
      { name: 'requestPasswordReset', responseKey: 'requestPasswordReset', account: VICTIM },
    ]);
  });

  it('counts a repeated field once per response key, as the executor merges it', () => {
    const query = `mutation { login(username: "${VICTIM}", password: "1") { __typename } login(username: "${VICTIM}", password: "1") { id: __typename } }`;
    expect(accounts(query)).toEqual([VICTIM]);
  });

  it('leaves out what @skip and @include leave out, under the resolved variables', () => {
    const query = `mutation($s: Boolean = true) { a: login(username: "a@b.pl", password: "1") @skip(if: $s) { __typename } b: login(username: "${VICTIM}", password: "1") @include(if: true) { __typename } }`;
    expect(accounts(query)).toEqual([VICTIM]);
    expect(accounts(query, { s: false })).toEqual(['a@b.pl', VICTIM]);
  });

  it('reads the e-mail inside an input object from a variable, a default or a literal', () => {
    const register = 'registerCustomerAccount(input: $i) { __typename }';
    expect(accounts(`mutation($i: RegisterCustomerInput!) { ${register} }`, { i: { emailAddress: 'Ola@X.pl' } })).toEqual(['ola@x.pl']);
    expect(accounts(`mutation($i: RegisterCustomerInput! = { emailAddress: "${VICTIM}", password: "x" }) { ${register} }`)).toEqual([
      VICTIM,
    ]);
    expect(accounts(`mutation($e: String! = "${VICTIM}") { registerCustomerAccount(input: { emailAddress: $e }) { __typename } }`)).toEqual(
      [VICTIM],
    );
    expect(accounts(`mutation($e: String = "${VICTIM}") { requestPasswordReset(emailAddress: $e) { __typename } }`)).toEqual([VICTIM]);
    expect(accounts(`mutation { requestOrderStatusLink(code: "ABC", emailAddress: "${VICTIM.toUpperCase()}") }`)).toEqual([VICTIM]);
  });

  it('names no account where the backend would refuse the value (not a string): only the per-address ceiling counts it', () => {
    expect(accounts('mutation($u: String!) { login(username: $u, password: "x") { __typename } }', { u: { $gt: '' } })).toEqual([
      undefined,
    ]);
  });

  it('finds the limited fields only in their kind of operation', () => {
    expect(fields('query { login: activeChannel { code } }')).toEqual([]);
    expect(fields('mutation { addItemToOrder(productVariantId: 1, quantity: 1) { __typename } }')).toEqual([]);
    expect(fields('mutation { withdrawalOrder: activeOrder { id } }')).toEqual([]);
    expect(fields('mutation { applyCouponCode(couponCode: "X") { __typename } }').map((f) => f.name)).toEqual(['applyCouponCode']);
    expect(
      fields('query { a: withdrawalOrder(code: "A", emailAddress: "x@y.pl") { code } b: orderStatus(code: "B", key: "k") { code } }').map(
        (f) => f.responseKey,
      ),
    ).toEqual(['a', 'b']);
    expect(
      fields('mutation { requestWithdrawal(input: { code: "A", emailAddress: "x@y.pl", name: "Ewa", orderLineIds: [1] }) { id } }').length,
    ).toBe(1);
  });
});
