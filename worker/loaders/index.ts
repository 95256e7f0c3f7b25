import type { PageData } from '../../client/page-modules';
import type { PageName } from '../../client/routes';
import type { PageContext } from '../env';
import { accountLoader, passwordResetLoader, verifyLoader } from './account';
import { categoryLoader } from './category';
import { checkoutLoader, paymentCancelLoader, paymentCheckLoader, thankYouLoader } from './checkout';
import { collectionLoader, collectionsLoader } from './collections';
import { homeLoader } from './home';
import { newsletterConfirmLoader } from './newsletter-confirm';
import { orderStatusLoader } from './order-status';
import { productLoader } from './product';
import { configuratorLoader, proFitStudioLoader } from './pro-fit';
import { staticPageLoader } from './static-page';
import { withdrawalLoader } from './withdrawal';
import type { Loader } from './types';

/**
 * The loader of each page of the route table. The type is derived from the route table's
 * pages: a page without a loader, or a loader returning another page's data (the product
 * loader on the home page), fails `npm run typecheck`.
 */
export const loaders: { [P in PageName]: Loader<PageData<P>> } = {
  HomePage: homeLoader,
  StaticPage: staticPageLoader,
  CategoryPage: categoryLoader,
  CollectionsPage: collectionsLoader,
  CollectionPage: collectionLoader,
  ProductPage: productLoader,
  NewsletterConfirmPage: newsletterConfirmLoader,
  CheckoutCustomerPage: checkoutLoader,
  CheckoutShippingPage: checkoutLoader,
  CheckoutBillingPage: checkoutLoader,
  CheckoutPaymentPage: checkoutLoader,
  CheckoutThankYouPage: thankYouLoader,
  CheckoutPaymentCheckPage: paymentCheckLoader,
  CheckoutPaymentCancelPage: paymentCancelLoader,
  ProFitStudioPage: proFitStudioLoader,
  ConfiguratorPage: configuratorLoader,
  AccountPage: accountLoader,
  VerifyPage: verifyLoader,
  PasswordResetPage: passwordResetLoader,
  WithdrawalPage: withdrawalLoader,
  OrderStatusPage: orderStatusLoader,
};

/** Runs the loader of `page`: its data (typed by the page), a redirect, or null (not found). */
export function loadPage<P extends PageName>(page: P, ctx: PageContext): ReturnType<Loader<PageData<P>>> {
  const loader: Loader<PageData<P>> = loaders[page];
  return loader(ctx);
}
