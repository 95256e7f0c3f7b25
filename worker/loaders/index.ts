import type { PageName } from '../../client/routes';
import { categoryLoader } from './category';
import { collectionLoader, collectionsLoader } from './collections';
import { homeLoader } from './home';
import { productLoader } from './product';
import { staticPageLoader } from './static-page';
import type { Loader } from './types';

/** One loader per page of the route table. */
export const loaders: Record<PageName, Loader<any>> = {
  HomePage: homeLoader,
  StaticPage: staticPageLoader,
  CategoryPage: categoryLoader,
  CollectionsPage: collectionsLoader,
  CollectionPage: collectionLoader,
  ProductPage: productLoader,
};
