import { afterEach, describe, expect, it, vi } from 'vitest';
import { graphql } from '../../client/graphql/graphql';
import { ShopUnavailableError, shopRequest } from '../../client/lib/shop-api';
import { challengeOf, proxyCodeOf } from './account-errors';

const LOGIN = graphql(`
  mutation ChallengeTestLogin($username: String!, $password: String!) {
    login(username: $username, password: $password) {
      __typename
    }
  }
`);

/** The worker's 403 of a challenged login (worker/ratelimit/turnstile.ts challengeRequired). */
const challenged = () =>
  Response.json(
    {
      errors: [
        {
          message: 'Potwierdź, że nie jesteś robotem.',
          extensions: {
            code: 'CHALLENGE_REQUIRED',
            siteKey: '1x00000000000000000000AA',
            scriptUrl: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
          },
        },
      ],
    },
    { status: 403 },
  );

async function failureOf(answer: Response, options?: Parameters<typeof shopRequest>[2]) {
  const sent: Request[] = [];
  vi.stubGlobal('fetch', (input: string, init: RequestInit) => {
    sent.push(new Request(`http://shop.test${input}`, init));
    return Promise.resolve(answer);
  });
  const error = await shopRequest(LOGIN, { username: 'ewa@psiaki.test', password: 'x' }, options).catch((e: unknown) => e);
  return { error, sent };
}

describe('a refused login as the login form reads it', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the challenge of a 403 CHALLENGE_REQUIRED: code, site key and script', async () => {
    const { error } = await failureOf(challenged());
    expect(error).toBeInstanceOf(ShopUnavailableError);
    expect((error as ShopUnavailableError).status).toBe(403);
    expect((error as ShopUnavailableError).message).toBe('Potwierdź, że nie jesteś robotem.');
    expect(proxyCodeOf(error)).toBe('CHALLENGE_REQUIRED');
    expect(challengeOf(error)).toEqual({
      siteKey: '1x00000000000000000000AA',
      scriptUrl: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
    });
  });

  it('finds no challenge in other refusals, or in one without its key and script', async () => {
    const limited = Response.json(
      { errors: [{ message: 'Zbyt wiele prób.', extensions: { code: 'RATE_LIMITED', retryAfter: 60 } }] },
      { status: 429 },
    );
    const { error } = await failureOf(limited);
    expect(proxyCodeOf(error)).toBe('RATE_LIMITED');
    expect(challengeOf(error)).toBeNull();
    const bare = Response.json({ errors: [{ message: 'x', extensions: { code: 'CHALLENGE_REQUIRED' } }] }, { status: 403 });
    expect(challengeOf((await failureOf(bare)).error)).toBeNull();
    expect(challengeOf(new Error('x'))).toBeNull();
    expect(proxyCodeOf((await failureOf(new Response('<html>', { status: 502 }))).error)).toBeNull();
  });

  it('sends the widget’s token in X-Turnstile-Token when asked, and no such header otherwise', async () => {
    const ok = () => Response.json({ data: { login: { __typename: 'CurrentUser' } } });
    const withToken = await failureOf(ok(), { headers: { 'X-Turnstile-Token': 'XXXX.DUMMY.TOKEN.XXXX' } });
    expect(withToken.error).toEqual({ login: { __typename: 'CurrentUser' } });
    expect(withToken.sent[0]!.headers.get('X-Turnstile-Token')).toBe('XXXX.DUMMY.TOKEN.XXXX');
    expect(withToken.sent[0]!.headers.get('Content-Type')).toBe('application/json');
    const without = await failureOf(ok());
    expect(without.sent[0]!.headers.has('X-Turnstile-Token')).toBe(false);
  });
});
