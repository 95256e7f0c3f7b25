import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { Breadcrumbs } from '../../client/components/ui/Breadcrumbs';
import { BuyBar } from './BuyBar';
import { Accordions } from './Accordions';
import { Gallery } from './Gallery';
import { Personalisation } from './Personalisation';
import { PriceBlock } from './PriceBlock';
import { DeferredReviewsSection } from '../reviews/deferred';
import { DeferredFamilyList, DeferredRelatedProducts } from './deferred-related';
import { QuantityStepper } from '../../client/components/form/QuantityStepper';
import { SizeModal } from './SizeModal';
import { VariantPicker } from './VariantPicker';
import { ProductSafety } from './ProductSafety';
import { ShopError } from '../../client/graphql/errors';
import { formatPrice } from '../../client/lib/price';
import type { ProductData } from './product-data';
import { cheapestVariant, harnessLineFields, missingChoices, quote, requiredHardware } from '../configurator/rules';
import { type ExtrasState, HARDWARE, initialExtras } from './product-extras';
import { choose, initialSelection, type Selection } from './product-options';
import type { PageProps } from '../../client/router/types';
import { useCart, useNotifications } from '../../client/stores/StoresProvider';
import { t } from '../../client/texts';
import { productTexts } from './product.texts';

export type { ProductData } from './product-data';

const T = productTexts;
/** Spec §4/§9: the 'adding' state shows for 1 second after adding. */
export const ADDED_FEEDBACK_MS = 1000;

/** `/p/{id}/{slug}`: gallery, variant choice, personalisation priced by the backend, add to cart, family and related products. */
export default function ProductPage({ data }: PageProps<ProductData>) {
  // Keyed by product: a client navigation to another product starts with fresh choices.
  return <ProductView key={data.id} data={data} />;
}

function ProductView({ data }: { data: ProductData }) {
  const [selection, setSelection] = useState<Selection>(() => initialSelection(data.optionGroups));
  const [extras, setExtras] = useState<ExtrasState>(() =>
    initialExtras(quote(data.optionGroups, data.variants, selection, {}, 1).shown?.extras ?? [], !!data.guard),
  );
  const [partColours, setPartColours] = useState<Record<string, string>>({});
  const [qty, setQty] = useState(1);
  const [image, setImage] = useState(() => cheapestVariant(data.variants)?.imageIndex ?? 0);
  const [status, setStatus] = useState<'idle' | 'busy' | 'added'>('idle');
  const [error, setError] = useState<string | null>(null);
  const add = useCart((s) => s.add);
  const notify = useNotifications((s) => s.notify);
  const hintId = useId();
  const mainButton = useRef<HTMLButtonElement>(null);
  /** The sticky bar's button was pressed while choices were missing: the bar names the first one. */
  const [asked, setAsked] = useState(false);

  useEffect(() => {
    if (status !== 'added') return;
    const timer = setTimeout(() => setStatus('idle'), ADDED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [status]);

  // Price as the backend charges it: the variant (or the cheapest, "od") plus the extras chosen from its offer.
  const { variant, shown, extras: result, unit } = quote(data.optionGroups, data.variants, selection, extras, qty);
  const offers = shown?.extras ?? [];
  const parts = data.guard?.parts.map((key) => ({ key, label: T.guard.parts[key] ?? key })) ?? null;
  const missingList = missingChoices({
    groups: data.optionGroups,
    selection,
    parts,
    partColours,
    hardware: requiredHardware(offers, extras, !!data.guard),
  });
  const missing = missingList.map((m) =>
    m.kind === 'group' ? m.name.toLowerCase() : m.kind === 'part' ? m.label.toLowerCase() : T.guard.hardware,
  );
  const invalid = Object.keys(result.errors).length > 0;
  const blocked = missing.length > 0 || invalid || !variant || !variant.inStock;
  // A variant out of stock is said first: no other choice can make it orderable.
  const hint = variant && !variant.inStock ? T.unavailable : missing.length ? T.missing(missing.join(', ')) : invalid ? T.fixErrors : null;

  const onChoose = (groupId: string, optionId: string) => {
    const next = choose(data.optionGroups, data.variants, selection, groupId, optionId);
    setSelection(next);
    setError(null);
    const chosen = Object.values(next);
    const match = data.variants.find((v) => chosen.every((id) => v.optionIds.includes(id)));
    const before = data.variants.find((v) => Object.values(selection).every((id) => v.optionIds.includes(id)));
    if (match && match.imageIndex !== before?.imageIndex) setImage(match.imageIndex);
  };

  const onAdd = async () => {
    if (blocked || status === 'busy' || !variant) return;
    setStatus('busy');
    setError(null);
    const customFields = parts
      ? harnessLineFields(result.values, parts, partColours, String(extras[HARDWARE] ?? ''), data.images[image]?.preview ?? '')
      : result.values;
    try {
      await add(variant.id, qty, customFields);
      setStatus('added');
      notify({ message: T.added(data.name), kind: 'success' });
    } catch (e) {
      setStatus('idle');
      setError(e instanceof ShopError ? t.cart.errorCode(e.errorCode) : e instanceof Error && e.message ? e.message : t.cart.addFailed);
    }
  };

  /**
   * The sticky bar's button: adds what the main button would; with a choice missing it takes the
   * shopper to the first missing group (focused, named in the bar); otherwise blocked, to the
   * first invalid field or the main button's hint.
   */
  const onBarBuy = () => {
    if (!blocked) return void onAdd();
    const first = missingList[0];
    const selector = !first
      ? '[aria-invalid="true"]'
      : first.kind === 'group'
        ? `input[name="group-${first.id}"]`
        : first.kind === 'part'
          ? `input[name$="-part-${first.key}"]`
          : `input[name$="-${HARDWARE}"]`;
    const target = document.querySelector<HTMLElement>(`.pdp ${selector}`) ?? document.getElementById(hintId);
    if (first) setAsked(true);
    (target?.closest('fieldset') ?? target)?.scrollIntoView({ block: 'center' });
    target?.focus({ preventScroll: true });
  };
  const totalText = `${!variant && data.variants.length > 1 ? `${t.card.from} ` : ''}${formatPrice(unit * qty)}`;

  const accordions = [
    {
      id: 'description',
      title: T.accordions.description,
      content: (
        <>
          <div className="prose" dangerouslySetInnerHTML={{ __html: data.descriptionHtml }} />
          {data.features.length > 0 && (
            <dl className="pdp-features" aria-label={T.accordions.features}>
              {data.features.map((f) => (
                <div key={f.name}>
                  <dt>{f.name}</dt>
                  <dd>{f.values}</dd>
                </div>
              ))}
            </dl>
          )}
        </>
      ),
    },
    {
      id: 'care',
      title: T.accordions.care,
      content: (
        <p>
          {T.accordions.careText} <a href="/o-produkcie/pielegnacja">{T.accordions.careLink}</a>
        </p>
      ),
    },
    {
      id: 'delivery',
      title: T.accordions.delivery,
      content: (
        <>
          <p>{T.accordions.deliveryText}</p>
          <ul>
            <li>
              <a href="/obsluga-klienta/czas-realizacji">{T.accordions.deliveryTime}</a>
            </li>
            <li>
              <a href="/obsluga-klienta/zwrot">{T.accordions.returns}</a>
            </li>
          </ul>
        </>
      ),
    },
    ...(data.safety
      ? [
          {
            id: 'safety',
            title: T.accordions.safety,
            content: (
              <ProductSafety
                safety={data.safety}
                productId={data.id}
                variant={variant ?? (data.variants.length === 1 ? data.variants[0]! : null)}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="pdp">
      <Breadcrumbs items={data.breadcrumbs} />
      <div className="pdp__top">
        <Gallery images={data.images} name={data.name} index={image} onIndex={setImage} />
        <div className="pdp__buy">
          <h1>{data.name}</h1>
          <PriceBlock variant={shown} from={!variant && data.variants.length > 1} isNew={data.isNew} chosen={!!variant} />
          {variant && (
            <p className="pdp__sku">
              {T.sku} {variant.sku}
            </p>
          )}
          <VariantPicker data={data} selection={selection} onChoose={onChoose} />
          {data.sizeTable && <SizeModal />}
          <Personalisation
            offers={offers}
            state={extras}
            errors={result.errors}
            onChange={(field, value) => {
              setExtras((s) => ({ ...s, [field]: value }));
              setError(null);
            }}
            guard={data.guard}
            partColours={partColours}
            onPartColour={(part, colour) => setPartColours((s) => ({ ...s, [part]: colour }))}
          />
          <div className="pdp-summary">
            <QuantityStepper
              value={qty}
              onValue={setQty}
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
                  <dd>{formatPrice(unit)}</dd>
                </div>
              )}
              <div className="pdp-summary__total">
                <dt>{T.total}</dt>
                <dd data-testid="product-total" aria-live="polite">
                  {totalText}
                </dd>
              </div>
            </dl>
            <button
              ref={mainButton}
              type="button"
              className="button pdp-add-to-cart"
              disabled={blocked || status === 'busy'}
              aria-describedby={hint ? hintId : undefined}
              onClick={onAdd}
            >
              {status === 'added' ? T.adding : T.addToCart}
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
              watch={mainButton}
              price={totalText}
              message={asked && missing.length ? T.missing(missing[0]!) : null}
              label={status === 'added' ? T.adding : T.addToCart}
              busy={status === 'busy'}
              onBuy={onBarBuy}
            />
          </div>
        </div>
      </div>
      <Accordions items={accordions} mode="single" initiallyOpen={['description']} />
      <Suspense fallback={null}>
        <DeferredReviewsSection data={data.reviews} />
      </Suspense>
      <Suspense fallback={null}>
        <DeferredFamilyList items={data.family} />
      </Suspense>
      {data.related.length > 0 && (
        <Suspense fallback={null}>
          <DeferredRelatedProducts items={data.related} />
        </Suspense>
      )}
    </div>
  );
}
