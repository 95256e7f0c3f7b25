import { describe, expect, it } from 'vitest';
import { WELCOME_QUIET_MS, calmForWelcome, isFormFocus } from './welcome';
import { welcomeAllowedOn } from '../../components/shell/ShellOverlays';

const idle = WELCOME_QUIET_MS;
const element = (tagName: string, inForm = false, isContentEditable = false) => ({
  tagName,
  isContentEditable,
  closest: (selector: string) => (selector === 'form' && inForm ? {} : null),
});

describe('welcome modal: a calm moment', () => {
  it('is calm with no panel open, nothing of a form focused and the shopper idle', () => {
    expect(calmForWelcome({ openPanel: null, focused: element('BODY'), sinceInputMs: idle })).toBe(true);
    expect(calmForWelcome({ openPanel: null, focused: element('A'), sinceInputMs: idle * 5 })).toBe(true);
    expect(calmForWelcome({ openPanel: null, focused: null, sinceInputMs: idle })).toBe(true);
  });

  it('is not calm over an open panel (cart, menu, filters …)', () => {
    for (const openPanel of ['cart', 'menu', 'filters', 'size', 'login']) {
      expect(calmForWelcome({ openPanel, focused: element('BODY'), sinceInputMs: idle }), openPanel).toBe(false);
    }
  });

  it('is not calm while a field, an editable element or anything inside a form has focus', () => {
    for (const tag of ['INPUT', 'select', 'TEXTAREA']) {
      expect(calmForWelcome({ openPanel: null, focused: element(tag), sinceInputMs: idle }), tag).toBe(false);
    }
    expect(isFormFocus(element('DIV', false, true))).toBe(true);
    expect(isFormFocus(element('BUTTON', true))).toBe(true);
    expect(isFormFocus(element('BUTTON', false))).toBe(false);
  });

  it('is not calm right after a click, tap or key', () => {
    expect(calmForWelcome({ openPanel: null, focused: element('BODY'), sinceInputMs: 0 })).toBe(false);
    expect(calmForWelcome({ openPanel: null, focused: element('BODY'), sinceInputMs: idle - 1 })).toBe(false);
  });

  it('never greets on checkout, account or Pro-Fit Studio pages', () => {
    for (const url of [
      '/checkout/shipping',
      '/Checkout/Billing',
      '/my-account',
      '/MyAccount/MyProfile',
      '/pro-fit-studio',
      '/pro-fit-studio/guard?kolor=czarny',
    ]) {
      expect(welcomeAllowedOn(url), url).toBe(false);
    }
    for (const url of ['/', '/c/dla-psa', '/p/1/szelki-typu-guard-classic', '/kontakt', '/pro-fit-studiox']) {
      expect(welcomeAllowedOn(url), url).toBe(true);
    }
  });
});
