/**
 * Finding an order by its number and the e-mail address it was placed with: the withdrawal form
 * (issue 24) and the order status page (issue 28) ask the same two questions the same way.
 */
export const orderLookupTexts = {
  code: 'Numer zamówienia',
  codeHint: 'Znajdziesz go w e-mailu z potwierdzeniem zamówienia.',
  email: 'Adres e-mail podany w zamówieniu',
  errors: {
    code: 'Podaj numer zamówienia.',
    email: 'Podaj adres e-mail w formacie nazwa@domena.pl.',
    notFound: 'Nie znaleźliśmy zamówienia o tym numerze i adresie e-mail. Sprawdź oba i spróbuj ponownie.',
  },
};
