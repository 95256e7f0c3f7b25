import { formatPrice } from '../../client/lib/price';
import { extrasTexts } from '../product/extras.texts';
import { configuratorTexts as T } from './configurator.texts';
import type { StudioView } from './use-studio';

/** The studio's summary: the choices made so far, the price, the add-to-cart button with its hint and error, and the product's page. */
export function StudioSummary({ view }: { view: StudioView }) {
  const { base, model, priced, hint, hintId, error } = view;
  return (
    <section className="studio-summary-box" aria-labelledby={`${base}-summary`}>
      <h2 id={`${base}-summary`} className="studio-summary__title">
        {T.summary}
      </h2>
      <dl className="studio-summary" data-testid="studio-choices">
        <div>
          <dt>{T.steps.model}</dt>
          <dd>{model?.name ?? T.notChosen}</dd>
        </div>
        {view.choicesList.map((c) => (
          <div key={c.label}>
            <dt>{c.label}</dt>
            <dd className={c.value ? undefined : 'studio-summary__open'}>{c.value ?? T.notChosen}</dd>
          </div>
        ))}
        {priced && priced.extras.total > 0 && (
          <div>
            <dt>{T.extras}</dt>
            <dd>{extrasTexts.plus(formatPrice(priced.extras.total))}</dd>
          </div>
        )}
        <div className="studio-summary__total">
          <dt>{T.total}</dt>
          <dd data-testid="studio-total" aria-live="polite">
            {priced && !priced.variant && `${T.from} `}
            {formatPrice(priced?.total ?? Math.min(...view.models.map((m) => m.fromPrice)))}
          </dd>
        </div>
      </dl>
      <button
        type="button"
        className="button studio__add"
        disabled={view.blocked || view.status === 'busy'}
        aria-describedby={hint ? hintId : undefined}
        onClick={view.onAdd}
      >
        {view.status === 'added' ? T.adding : T.addToCart}
      </button>
      {hint && (
        <p id={hintId} className="studio__hint">
          {hint}
        </p>
      )}
      {error && (
        <p className="studio__error" role="alert">
          {error}
        </p>
      )}
      {model && (
        <p className="studio__product-link">
          <a href={model.href}>{T.productLink}</a>
        </p>
      )}
    </section>
  );
}
