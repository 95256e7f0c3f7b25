import { QuantityStepper } from '../../client/components/form/QuantityStepper';
import { formatPrice } from '../../client/lib/price';
import { BuyBar } from './BuyBar';
import { productTexts as T } from './product.texts';
import type { ProductView } from './use-product-view';

/** The product page's quantity, price lines, add-to-cart button with its hint and error, and the phone's sticky bar. */
export function ProductSummary({ view }: { view: ProductView }) {
  const { qty, result, hint, hintId, error } = view;
  return (
    <div className="pdp-summary">
      <QuantityStepper
        value={qty}
        onValue={view.setQty}
        label={T.quantity}
        showLabel
        decreaseLabel={T.decrease}
        increaseLabel={T.increase}
        live
      />
      <dl className="pdp-summary__lines">
        {result.total > 0 && (
          <div>
            <dt>{T.extrasTotal}</dt>
            <dd>{T.plus(formatPrice(result.total))}</dd>
          </div>
        )}
        {qty > 1 && (
          <div>
            <dt>{T.unitPrice}</dt>
            <dd>{formatPrice(view.unit)}</dd>
          </div>
        )}
        <div className="pdp-summary__total">
          <dt>{T.total}</dt>
          <dd data-testid="product-total" aria-live="polite">
            {view.totalText}
          </dd>
        </div>
      </dl>
      <button
        ref={view.mainButton}
        type="button"
        className="button pdp-add-to-cart"
        disabled={view.blocked || view.status === 'busy'}
        aria-describedby={hint ? hintId : undefined}
        onClick={view.onAdd}
      >
        {view.buttonLabel}
      </button>
      {hint && (
        <p id={hintId} className="pdp-summary__hint" tabIndex={-1}>
          {hint}
        </p>
      )}
      {error && (
        <p className="pdp-summary__error" role="alert">
          {error}
        </p>
      )}
      <BuyBar
        watch={view.mainButton}
        price={view.totalText}
        message={view.barMessage}
        label={view.buttonLabel}
        busy={view.status === 'busy'}
        onBuy={view.onBarBuy}
      />
    </div>
  );
}
