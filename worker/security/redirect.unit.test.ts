import { describe, expect, it } from 'vitest';
import { allowedRedirectHosts, safeLocation, samePath } from './redirect';

const policy = {
  requestUrl: 'https://psiaki.pl/x/',
  allowedHosts: allowedRedirectHosts({
    MAIN_HOST: 'psiaki.pl',
    BLOG_URL: 'https://blog.psiaki.pl',
    PAYMENT_GATEWAY_URL: 'https://secure.przelewy24.pl/trnRequest',
  }),
};

describe('the redirect gate', () => {
  it.each(['/', '/kontakt', '/c/dla-psa?a=1', '/evil.com', '/%2F%2Fevil.com'])('lets the same-host path %s through', (path) => {
    expect(safeLocation(path, policy)).toBe(path);
  });

  it.each([
    '//evil.com',
    '/\\evil.com',
    '///evil.com',
    '//',
    '/\\',
    'evil.com',
    'javascript:alert(1)',
    'data:text/html,x',
    '/x\r\nSet-Cookie: a=1',
    '/x\tx',
    '/x\u0000',
  ])('refuses %j', (target) => {
    expect(safeLocation(target, policy)).toBeNull();
  });

  it('allows the main host, the blog and the payment gateway, nothing else', () => {
    expect(safeLocation('https://psiaki.pl/kontakt', policy)).toBe('https://psiaki.pl/kontakt');
    expect(safeLocation('https://blog.psiaki.pl/wpis', policy)).toBe('https://blog.psiaki.pl/wpis');
    expect(safeLocation('https://secure.przelewy24.pl/trnRequest/abc', policy)).toBe('https://secure.przelewy24.pl/trnRequest/abc');
    expect(safeLocation('https://evil.com/', policy)).toBeNull();
    expect(safeLocation('https://psiaki.pl.evil.com/', policy)).toBeNull();
    expect(safeLocation('https://user:pass@psiaki.pl/', policy)).toBeNull();
    expect(safeLocation('ftp://psiaki.pl/', policy)).toBeNull();
  });

  it('turns a same-origin URL on a foreign host into its path', () => {
    const foreign = { ...policy, requestUrl: 'http://evil.com/x/' };
    expect(safeLocation('http://evil.com/kontakt?a=1', foreign)).toBe('/kontakt?a=1');
    expect(safeLocation('http://evil.com//evil.com', foreign)).toBeNull();
  });

  it('collapses leading slashes and backslashes of a request path', () => {
    expect(samePath('//evil.com', '?a=1')).toBe('/evil.com?a=1');
    expect(samePath('/\\\\evil.com')).toBe('/evil.com');
    expect(samePath('/kontakt')).toBe('/kontakt');
  });
});
