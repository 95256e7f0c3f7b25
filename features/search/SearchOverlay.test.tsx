import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeShop, type ShopHandler, withApp } from '../../client/component-kit';
import { formatPrice } from '../../client/lib/price';
import { t } from '../../client/texts';
import { SearchBar } from './SearchBar';
import type { SearchResponse } from './search-input';
import { searchTexts as tx } from './search.texts';

const user = userEvent.setup({ delay: null });

const found: SearchResponse = {
  search: {
    totalItems: 14,
    items: [
      {
        productId: '1',
        productName: 'Szelki Guard',
        slug: 'szelki-guard',
        productAsset: { preview: '/assets/szelki-guard.jpg' },
        priceWithTax: { min: 14900, max: 18900 },
      },
      { productId: '2', productName: 'Szelki Easy', slug: 'szelki-easy', productAsset: null, priceWithTax: { value: 9900 } },
    ],
    collections: [
      {
        count: 12,
        collection: {
          id: '5',
          name: 'Szelki',
          slug: 'szelki',
          breadcrumbs: [
            { name: '__root_collection__', slug: '__root_collection__' },
            { name: 'Dla psa', slug: 'dla-psa' },
            { name: 'Szelki', slug: 'szelki' },
          ],
        },
      },
    ],
  },
};
const nothing: SearchResponse = { search: { totalItems: 0, items: [], collections: [] } };

beforeEach(() => {
  // happy-dom does not know the <search> landmark element the bar wraps its form in
  const error = console.error.bind(console);
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (String(args[0]).includes('is unrecognized in this browser') && args[1] === 'search') return;
    error(...args);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderSearch(searchproductsterm: ShopHandler = () => found) {
  const shop = fakeShop({ searchproductsterm });
  render(withApp(<SearchBar />).tree);
  return { shop, input: screen.getByRole('searchbox', { name: t.search.label }) };
}

const overlay = () => screen.queryByRole('region', { name: t.search.label });

describe('SearchOverlay', () => {
  it('asks for three characters, then shows the categories and products found for the phrase typed', async () => {
    const { shop, input } = renderSearch();
    await user.type(input, 'sz');
    expect(await screen.findByText(tx.typePhrase)).toBeTruthy();
    expect(shop.of('searchproductsterm')).toHaveLength(0);
    await user.type(input, 'elki');
    const heading = await screen.findByRole('heading', { name: tx.heading('szelki') }, { timeout: 2000 });
    const panel = overlay()!;
    expect(heading).toBeTruthy();
    // debounced: one request for the whole phrase
    expect(shop.of('searchproductsterm').map((c) => c.variables)).toEqual([{ input: { term: 'szelki', groupByProduct: true, take: 6 } }]);
    expect(within(panel).getByRole('link', { name: 'Szelki' }).getAttribute('href')).toBe('/c/dla-psa/szelki');
    const guard = within(panel).getByRole('link', { name: /Szelki Guard/ });
    expect(guard.getAttribute('href')).toBe('/p/1/szelki-guard');
    expect(guard.textContent).toContain(`${t.card.from} ${formatPrice(14900)}`);
    const easy = within(panel).getByRole('link', { name: /Szelki Easy/ });
    expect(easy.textContent).toContain(formatPrice(9900));
    expect(easy.textContent).not.toContain(t.card.from);
  });

  it('links "Zobacz więcej" to the full listing of the phrase', async () => {
    const { input } = renderSearch();
    await user.type(input, 'obroża dla psa{Enter}');
    const more = await screen.findByRole('link', { name: tx.more });
    expect(more.getAttribute('href')).toBe(`/c/dla-psa?q=${encodeURIComponent('obroża dla psa')}`);
  });

  it('says nothing was found when the search is empty', async () => {
    renderSearch(() => nothing);
    await user.type(screen.getByRole('searchbox', { name: t.search.label }), 'xyzzy{Enter}');
    expect(await screen.findByText(tx.nothingFound)).toBeTruthy();
    expect(screen.queryByRole('link', { name: tx.more })).toBeNull();
    expect(screen.queryByText(tx.products)).toBeNull();
  });

  it('closes on Escape, clears the phrase and keeps the focus in the search field', async () => {
    const { input } = renderSearch();
    await user.type(input, 'szelki{Enter}');
    await screen.findByRole('link', { name: tx.more });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(overlay()).toBeNull());
    expect((input as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(input);
  });
});
