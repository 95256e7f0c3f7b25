/**
 * 'Wyczyść koszyk' in the cart sidebar (loaded with the sidebar, not on every page; the store's
 * failure message is `t.cartPanel.clearFailed` in index.ts).
 */
export const cartClearTexts = {
  button: 'Wyczyść koszyk',
  question: 'Usunąć wszystkie produkty z koszyka?',
  confirm: 'Tak, wyczyść koszyk',
  cancel: 'Anuluj',
  clearing: 'Czyścimy koszyk…',
  done: 'Koszyk został wyczyszczony.',
} as const;
