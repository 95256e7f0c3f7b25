import { Suspense } from 'react';
import { Breadcrumbs } from '../../client/components/ui/Breadcrumbs';
import { HydrationSlice } from '../../client/components/ui/HydrationSlice';
import { Gallery } from './Gallery';
import { DeferredReviewsSection } from '../reviews/deferred';
import { DeferredFamilyList, DeferredRelatedProducts } from './deferred-related';
import type { ProductData } from './product-data';
import type { PageProps } from '../../client/router/types';
import { ProductAccordions } from './ProductAccordions';
import { ProductBuy } from './ProductBuy';
import { useProductView } from './use-product-view';

export type { ProductData } from './product-data';

/** `/p/{id}/{slug}`: gallery, variant choice, personalisation priced by the backend, add to cart, family and related products. */
export default function ProductPage({ data }: PageProps<ProductData>) {
  // Keyed by product: a client navigation to another product starts with fresh choices.
  return <ProductView key={data.id} data={data} />;
}

function ProductView({ data }: { data: ProductData }) {
  const view = useProductView(data);
  return (
    <div className="pdp">
      <Breadcrumbs items={data.breadcrumbs} />
      <div className="pdp__top">
        <HydrationSlice>
          <Gallery images={data.images} name={data.name} index={view.image} onIndex={view.setImage} />
        </HydrationSlice>
        <HydrationSlice>
          <ProductBuy data={data} view={view} />
        </HydrationSlice>
      </div>
      <HydrationSlice>
        <ProductAccordions data={data} variant={view.variant} />
      </HydrationSlice>
      <Suspense fallback={null}>
        <DeferredReviewsSection data={data.reviews} />
      </Suspense>
      {data.family.length > 1 && (
        <Suspense fallback={null}>
          <DeferredFamilyList items={data.family} />
        </Suspense>
      )}
      {data.related.length > 0 && (
        <Suspense fallback={null}>
          <DeferredRelatedProducts items={data.related} />
        </Suspense>
      )}
    </div>
  );
}
