/** The wishlist sidebar's texts: loaded with the sidebar (it opens on demand), not on every page. */
export const wishlistTexts = {
  title: 'Wishlista',
  close: 'Zamknij wishlistę',
  empty: 'Twoja wishlista jest pusta. Kliknij ♡ przy produkcie, aby do niego wrócić później.',
  backToShopping: 'Wróć do zakupów',
  from: 'od',
  remove: 'Usuń',
  removeLabel: (name: string) => `Usuń z wishlisty: ${name}`,
  total: 'Razem od',
} as const;
