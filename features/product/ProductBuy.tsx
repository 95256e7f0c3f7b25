import { Personalisation } from './Personalisation';
import { PriceBlock } from './PriceBlock';
import type { ProductData } from './product-data';
import { productTexts as T } from './product.texts';
import { ProductSummary } from './ProductSummary';
import { SizeModal } from './SizeModal';
import type { ProductView } from './use-product-view';
import { VariantPicker } from './VariantPicker';

/** The product page's buying column: name, price, variant choice, personalisation and the summary. */
export function ProductBuy({ data, view }: { data: ProductData; view: ProductView }) {
  const { variant } = view;
  return (
    <div className="pdp__buy">
      <h1>{data.name}</h1>
      <PriceBlock variant={view.shown} from={!variant && data.variants.length > 1} isNew={data.isNew} chosen={!!variant} />
      {variant && (
        <p className="pdp__sku">
          {T.sku} {variant.sku}
        </p>
      )}
      <VariantPicker data={data} selection={view.selection} onChoose={view.onChoose} />
      {data.sizeTable && <SizeModal />}
      <Personalisation
        offers={view.offers}
        state={view.extras}
        errors={view.result.errors}
        onChange={view.onExtra}
        guard={data.guard}
        partColours={view.partColours}
        onPartColour={view.onPartColour}
      />
      <ProductSummary view={view} />
    </div>
  );
}
