import { describe, expect, it } from 'vitest';
import { ALL_ALLOWED, consent, CONSENT_COOKIE, CONSENT_VERSION, NECESSARY_ONLY, readConsent, serialiseConsent } from './consent';
import { CURRENT_CONSENT_PREFIX } from '../../components/shell/ShellModals';

describe('cookie consent', () => {
  it('stores necessary-only as all optional categories off, and reads it back', () => {
    const value = serialiseConsent(NECESSARY_ONLY);
    expect(value).toBe(`${CONSENT_VERSION}.000`);
    expect(readConsent(`locale=pl; consent=${value}; country=PL`)).toEqual(NECESSARY_ONLY);
  });

  it('reads a per-category choice', () => {
    expect(readConsent(`consent=${serialiseConsent({ functionality: true, analytics: false, marketing: true })}`)).toEqual({
      functionality: true,
      analytics: false,
      marketing: true,
    });
    expect(readConsent(`consent=${serialiseConsent(ALL_ALLOWED)}`)).toEqual(ALL_ALLOWED);
  });

  it('asks again when the stored choice is of another version, malformed or absent', () => {
    expect(readConsent(`consent=${serialiseConsent(ALL_ALLOWED, CONSENT_VERSION - 1)}`)).toBeNull();
    expect(readConsent(serialiseConsent(ALL_ALLOWED, CONSENT_VERSION + 1).replace(/^/, 'consent='))).toBeNull();
    expect(readConsent('consent=1.01')).toBeNull();
    expect(readConsent('consent=yes')).toBeNull();
    expect(readConsent('xconsent=1.111')).toBeNull();
    expect(readConsent('')).toBeNull();
  });

  it('is recognised by the shell (which decides whether to load the banner) in the current version only', () => {
    expect(`${CONSENT_COOKIE}=${serialiseConsent(NECESSARY_ONLY)}`.startsWith(CURRENT_CONSENT_PREFIX)).toBe(true);
    expect(CURRENT_CONSENT_PREFIX).toBe(`${CONSENT_COOKIE}=${CONSENT_VERSION}.`);
  });

  it('allows nothing optional where there is no choice (the server, or before the banner is answered)', () => {
    expect(consent.allows('necessary')).toBe(true);
    expect(consent.allows('analytics')).toBe(false);
    expect(consent.allows('marketing')).toBe(false);
    expect(consent.allows('functionality')).toBe(false);
  });
});

describe('shell overlays', () => {
  it('agree on the welcome key between the always-loaded check and the on-demand code', async () => {
    const { WELCOME_KEY: early } = await import('../../components/shell/ShellModals');
    const { WELCOME_KEY: late } = await import('../../components/shell/ShellOverlays');
    expect(early).toBe(late);
  });
});
