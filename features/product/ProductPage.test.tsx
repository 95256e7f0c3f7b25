import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cartLine, cartOf, errorResult, fakeShop, type ShopHandler, withApp } from '../../client/component-kit';
import { formatPrice } from '../../client/lib/price';
import { t } from '../../client/texts';
import { provideReviewsSection } from '../reviews/deferred';
import { provideFamilyList, provideRelatedProducts } from './deferred-related';
import type { ProductData } from './product-data';
import { productTexts as T } from './product.texts';
import ProductPage from './ProductPage';
import { ADDED_FEEDBACK_MS } from './use-product-view';

const user = userEvent.setup({ delay: null });

const variant = (id: string, optionIds: string[], price: number, inStock = true) => ({
  id,
  name: `Szelki Guard ${id}`,
  sku: `PS-001-${id}`,
  price,
  oldPrice: null,
  omnibusPrice: null,
  inStock,
  ean: null,
  optionIds,
  imageIndex: 0,
  extras: [],
});

const data = {
  id: '1',
  name: 'Szelki Guard',
  slug: 'szelki-guard',
  href: '/p/1/szelki-guard',
  descriptionHtml: '<p>Szelki z imieniem psa.</p>',
  features: [],
  breadcrumbs: [{ text: 'Szelki', link: '/c/dla-psa/szelki' }],
  images: [{ id: 'i1', preview: '/assets/szelki-guard.jpg', source: '/assets/szelki-guard.jpg', width: 1000, height: 1000 }],
  optionGroups: [
    {
      id: 'g1',
      code: 'szerokosc-tasmy',
      name: 'Szerokość taśmy',
      options: [
        { id: 'w20', code: '20-mm', name: '20 mm' },
        { id: 'w25', code: '25-mm', name: '25 mm' },
      ],
    },
    {
      id: 'g2',
      code: 'rozmiar',
      name: 'Rozmiar',
      options: [
        { id: 'm', code: 'm', name: 'M' },
        { id: 'l', code: 'l', name: 'L' },
      ],
    },
  ],
  variants: [
    variant('501', ['w20', 'm'], 14900),
    variant('502', ['w20', 'l'], 15900),
    variant('503', ['w25', 'm'], 16900),
    variant('504', ['w25', 'l'], 17900, false),
  ],
  isNew: false,
  guard: null,
  sizeTable: false,
  family: [],
  related: [],
  reviews: { productId: '1', average: null, count: 0, histogram: [], items: [], totalItems: 0 },
  safety: null,
} as unknown as ProductData;

beforeAll(() => {
  // the page's bottom sections (their own chunks) are not what these tests look at
  provideReviewsSection(() => null);
  provideFamilyList(() => null);
  provideRelatedProducts(() => null);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function renderPage(addToCart: ShopHandler, page: ProductData = data) {
  const shop = fakeShop({ addToCart });
  const app = withApp(<ProductPage data={page} params={{ id: '1', slug: 'szelki-guard' }} search="" />);
  render(app.tree);
  await waitFor(() => expect(app.stores.cart.getState().status).toBe('ready'));
  return { shop, app };
}

/** The add-to-cart button of the buy box (the sticky bar has one of the same name). */
const addButton = () =>
  screen.getAllByRole('button', { name: new RegExp(`^(${T.addToCart}|${T.adding})$`) }).find((b) => !b.closest('.buy-bar'))!;
const hintOf = (button: HTMLElement) => document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent;
const choose = async (group: string, option: string) =>
  user.click(within(screen.getByRole('group', { name: new RegExp(`^${group}`) })).getByRole('radio', { name: new RegExp(`^${option}`) }));

const added = (variables: Record<string, unknown>) => ({
  addItemToOrder: cartOf([
    cartLine({
      productVariant: { ...cartLine().productVariant, id: String(variables.productVariantId) },
      quantity: Number(variables.quantity),
    }),
  ]),
});

describe('ProductPage buy box', () => {
  it('keeps "Dodaj do koszyka" disabled, naming the missing choices, until every option is chosen', async () => {
    const { shop } = await renderPage(added);
    expect(addButton()).toHaveProperty('disabled', true);
    expect(hintOf(addButton())).toBe(T.missing('szerokość taśmy, rozmiar'));
    await choose('Szerokość taśmy', '20 mm');
    expect(addButton()).toHaveProperty('disabled', true);
    expect(hintOf(addButton())).toBe(T.missing('rozmiar'));
    await choose('Rozmiar', 'L');
    expect(addButton()).toHaveProperty('disabled', false);
    expect(addButton().getAttribute('aria-describedby')).toBeNull();
    expect(screen.getByTestId('product-total').textContent).toBe(formatPrice(15900));
    // a sold-out combination stays blocked with its own reason
    await choose('Szerokość taśmy', '25 mm');
    expect(addButton()).toHaveProperty('disabled', true);
    expect(hintOf(addButton())).toBe(T.unavailable);
    expect(shop.of('addToCart')).toHaveLength(0);
  });

  it('opens with the variant its link chose (a product feed’s ?wariant=ID): its options checked, its price, ready to add', async () => {
    const { shop } = await renderPage(added, { ...data, preselected: { variantId: '502', selection: { g1: 'w20', g2: 'l' } } });
    expect(within(screen.getByRole('group', { name: /^Szerokość taśmy/ })).getByRole('radio', { name: /^20 mm/ })).toHaveProperty(
      'checked',
      true,
    );
    expect(within(screen.getByRole('group', { name: /^Rozmiar/ })).getByRole('radio', { name: /^L/ })).toHaveProperty('checked', true);
    expect(screen.getByTestId('product-total').textContent).toBe(formatPrice(15900));
    expect(addButton()).toHaveProperty('disabled', false);
    await user.click(addButton());
    await waitFor(() => expect(shop.of('addToCart')).toHaveLength(1));
    expect(shop.of('addToCart')[0]!.variables).toMatchObject({ productVariantId: '502', quantity: 1 });
  });

  it('adds the chosen variant in the chosen quantity, then says so for a second and fills the cart', async () => {
    const { shop, app } = await renderPage(added);
    await choose('Szerokość taśmy', '25 mm');
    await choose('Rozmiar', 'M');
    await user.click(screen.getByRole('button', { name: T.increase }));
    await user.click(screen.getByRole('button', { name: T.increase }));
    expect(screen.getByTestId('product-total').textContent).toBe(formatPrice(3 * 16900));
    await user.click(addButton());
    await waitFor(() => expect(addButton().textContent).toBe(T.adding));
    expect(shop.of('addToCart').map((c) => c.variables)).toEqual([{ productVariantId: '503', quantity: 3, customFields: {} }]);
    expect(app.stores.cart.getState().cart?.totalQuantity).toBe(3);
    expect(app.stores.notifications.getState().items.map((n) => n.message)).toEqual([T.added('Szelki Guard')]);
    await waitFor(() => expect(addButton().textContent).toBe(T.addToCart), { timeout: ADDED_FEEDBACK_MS + 1000 });
    expect(addButton()).toHaveProperty('disabled', false);
  });

  it('shows the refusal of the backend in Polish and lets the shopper try again', async () => {
    const { shop } = await renderPage(() => ({ addItemToOrder: errorResult('INSUFFICIENT_STOCK_ERROR', 'not enough') }));
    await choose('Szerokość taśmy', '20 mm');
    await choose('Rozmiar', 'M');
    await user.click(addButton());
    expect((await screen.findByRole('alert')).textContent).toBe(t.cart.errorCode('INSUFFICIENT_STOCK_ERROR'));
    expect(shop.of('addToCart')).toHaveLength(1);
    expect(addButton().textContent).toBe(T.addToCart);
    expect(addButton()).toHaveProperty('disabled', false);
  });
});
