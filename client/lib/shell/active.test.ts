import { describe, expect, it } from 'vitest';
import { activeShellItem, mobileTitle } from './active';

describe('active header icon', () => {
  it('follows the open panel, else the account pages, else none', () => {
    expect(activeShellItem('cart', 'default')).toBe('cart');
    expect(activeShellItem('wishlist', 'account')).toBe('wishlist');
    expect(activeShellItem('login', 'default')).toBe('account');
    expect(activeShellItem(null, 'account')).toBe('account');
    expect(activeShellItem('menu', 'default')).toBe('none');
    expect(activeShellItem(null, 'default')).toBe('none');
  });
});

describe('mobile page title', () => {
  it('drops the shop name and cuts to 30 characters with an ellipsis', () => {
    expect(mobileTitle('Smycze – Psiaki')).toBe('Smycze');
    const cut = mobileTitle('Szelki bezuciskowe Pro-Fit z odblaskiem – Psiaki');
    expect(cut).toBe('Szelki bezuciskowe Pro-Fit z…');
    expect(cut.length).toBeLessThanOrEqual(30);
    expect(mobileTitle('Dokładnie trzydzieści znaków!!')).toBe('Dokładnie trzydzieści znaków!!');
  });
});
