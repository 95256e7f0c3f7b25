import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { csp } from './security-headers';

const directive = (policy: string, name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `));

describe('the pages’ Content-Security-Policy', () => {
  it('allows the Turnstile script and its iframe from the script’s origin only, and keeps the rest', () => {
    const production = {
      ...env,
      TURNSTILE_SCRIPT_URL: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
      ASSET_URL: 'https://api.psiaki.pl/assets',
      BLOG_URL: 'https://blog.psiaki.pl',
    };
    const policy = csp(production, "'sha256-boot'");
    expect(directive(policy, 'script-src')).toBe("script-src 'self' 'sha256-boot' https://challenges.cloudflare.com");
    expect(directive(policy, 'frame-src')).toBe("frame-src 'self' https://challenges.cloudflare.com");
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self'");
    expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(policy).not.toMatch(/unsafe-inline[^;]*;?\s*$|script-src[^;]*unsafe/);
  });

  it('follows TURNSTILE_SCRIPT_URL (development: the stand-in next to the blog)', () => {
    const standIn = { ...env, TURNSTILE_SCRIPT_URL: 'http://127.0.0.1:3001/turnstile/v0/api.js?render=explicit' };
    expect(directive(csp(standIn, "'sha256-boot'"), 'script-src')).toBe("script-src 'self' 'sha256-boot' http://127.0.0.1:3001");
  });
});
