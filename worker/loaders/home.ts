import type { HomeData } from '../../client/pages/HomePage';
import { t } from '../../client/texts';
import { sectionIndexes, contentPath } from './static-page';
import { type Loader, absoluteUrl } from './types';

export const homeLoader: Loader<HomeData> = async (ctx) => ({
  data: {
    sections: sectionIndexes().map((p) => ({ href: contentPath(p), title: p.title, description: p.description })),
  },
  head: {
    title: `${t.shopName} – ${t.shopTagline}`,
    description: 'Spersonalizowane obroże, szelki, smycze i akcesoria dla psów, szyte ręcznie w Polsce.',
    canonical: absoluteUrl(ctx, '/'),
  },
});
