import { formatPrice } from '../../client/lib/price';
import { cartPanelTexts } from './cart-panel.texts';
import { freeDelivery } from './free-delivery';

/** Spec §4: 'free delivery' above 249 zł, otherwise a progress bar with the amount missing. */
export function FreeDeliveryBar({ subtotal }: { subtotal: number }) {
  const state = freeDelivery(subtotal);
  if (state.free) {
    return (
      <p className="free-delivery free-delivery--done" aria-live="polite">
        {cartPanelTexts.freeDelivery}
      </p>
    );
  }
  return (
    <div className="free-delivery">
      <p className="free-delivery__text" aria-live="polite">
        {cartPanelTexts.freeDeliveryMissing(formatPrice(state.missing))}
      </p>
      <div
        className="free-delivery__bar"
        role="progressbar"
        aria-label={cartPanelTexts.freeDeliveryProgress}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={state.percent}
        aria-valuetext={`${state.percent}%`}
      >
        <span className="free-delivery__fill" style={{ width: `${state.percent}%` }} />
      </div>
    </div>
  );
}
