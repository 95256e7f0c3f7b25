import { useEffect, useId, useMemo, useState } from 'react';
import { HarnessPreview } from './HarnessPreview';
import { StudioImage } from './StudioImage';
import { SwatchGroup } from './SwatchGroup';
import { Personalisation } from '../product/Personalisation';
import { QuantityStepper } from '../../client/components/form/QuantityStepper';
import { VariantPicker } from '../product/VariantPicker';
import { ShopError } from '../../client/graphql/errors';
import { harnessLineFields, missingChoices, type MissingChoice, quote, requiredHardware } from './rules';
import { type ConfiguratorData, expandModel, type StudioModel } from './types';
import { type Design, designFromQuery, designToQuery, MAX_STUDIO_QTY, switchModel } from './url';
import { formatPrice } from '../../client/lib/price';
import { HARDWARE } from '../product/product-extras';
import { choose } from '../product/product-options';
import type { PageProps } from '../../client/router/types';
import { useCart, useNotifications } from '../../client/stores/StoresProvider';
import { t } from '../../client/texts';
import { extrasTexts } from '../product/extras.texts';
import { configuratorTexts as T } from './configurator.texts';
import { productTexts } from '../product/product.texts';

export type { ConfiguratorData } from './types';

/** Spec §4/§9: the 'adding' state shows for 1 second after adding. */
const ADDED_FEEDBACK_MS = 1000;

/**
 * `/pro-fit-studio/guard` and `/pro-fit-studio/bezuciski`: model, tape width
 * and size, a colour per part, hardware colour, extras and quantity, with a
 * live preview and the backend's price. The design lives in the query string
 * (shareable; each choice is a history step), so the HTML for a shared link is
 * server-rendered with its choices.
 */
export default function ConfiguratorPage({ data, search }: PageProps<ConfiguratorData>) {
  return <Studio key={data.type} data={data} search={search} />;
}

function Studio({ data, search }: { data: ConfiguratorData; search: string }) {
  const models = useMemo(() => data.models.map(expandModel), [data.models]);
  const [design, setDesign] = useState<Design>(() => designFromQuery(search, models));
  const [readSearch, setReadSearch] = useState(search);
  // A navigation by the router to another design of this page (a link, the back button's payload).
  if (search !== readSearch) {
    setReadSearch(search);
    setDesign(designFromQuery(search, models));
  }
  const [status, setStatus] = useState<'idle' | 'busy' | 'added'>('idle');
  const [error, setError] = useState<string | null>(null);
  const add = useCart((s) => s.add);
  const notify = useNotifications((s) => s.notify);
  const hintId = useId();
  const base = useId();

  // Back and forward step through the designs this page pushed, without a reload.
  useEffect(() => {
    const path = location.pathname;
    const onPop = () => {
      if (location.pathname !== path) return;
      setDesign(designFromQuery(location.search, models));
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [models]);

  useEffect(() => {
    if (status !== 'added') return;
    const timer = setTimeout(() => setStatus('idle'), ADDED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [status]);

  /** Applies a choice: the state, and the URL (a new history entry, or in place while typing). */
  const update = (next: Design, mode: 'push' | 'replace' = 'push') => {
    setDesign(next);
    setError(null);
    const query = designToQuery(next, models);
    const url = location.pathname + (query ? `?${query}` : '');
    if (url === location.pathname + location.search) return;
    // The router restores each entry's scroll position on back/forward.
    history.replaceState({ ...((history.state ?? {}) as object), scroll: window.scrollY }, '');
    history[mode === 'push' ? 'pushState' : 'replaceState']({ scroll: window.scrollY }, '', url);
  };

  const model: StudioModel | null = models.find((m) => m.slug === design.model) ?? null;
  const qty = design.qty;
  const priced = model ? quote(model.optionGroups, model.variants, design.selection, design.extras, qty) : null;
  const offers = priced?.shown?.extras ?? [];
  const hardwareOffer = offers.find((o) => o.field === HARDWARE);
  const hardwareCode = String(design.extras[HARDWARE] ?? '');
  const hardwareLabel = hardwareOffer?.options.find((o) => o.value === hardwareCode)?.label ?? null;
  const missing: MissingChoice[] = model
    ? missingChoices({
        groups: model.optionGroups,
        selection: design.selection,
        parts: model.parts,
        partColours: design.parts,
        hardware: requiredHardware(offers, design.extras, true),
      })
    : [{ kind: 'model' }];
  const invalid = !!priced && Object.keys(priced.extras.errors).length > 0;
  const soldOut = !!priced?.variant && !priced.variant.inStock;
  const blocked = missing.length > 0 || invalid || soldOut || !priced?.variant;
  const missingText = missing.map((m) =>
    m.kind === 'model'
      ? T.model
      : m.kind === 'group'
        ? m.name.toLowerCase()
        : m.kind === 'part'
          ? m.label.toLowerCase()
          : T.hardwareLabel.toLowerCase(),
  );
  // A variant out of stock is said first: no other choice can make it orderable.
  const hint = soldOut ? T.unavailable : missing.length ? T.missing(missingText.join(', ')) : invalid ? T.fixErrors : null;

  const colourNames = Object.fromEntries((model?.colours ?? []).map((c) => [c.code, c.name]));
  const parts = model?.parts ?? [];
  const choicesList = [
    ...(model
      ? model.optionGroups.map((g) => ({ label: g.name, value: g.options.find((o) => o.id === design.selection[g.id])?.name ?? null }))
      : []),
    ...parts.map((p) => ({ label: p.label, value: colourNames[design.parts[p.key] ?? ''] ?? null })),
    { label: T.hardwareLabel, value: hardwareLabel },
  ];
  const description = model
    ? T.previewAlt(
        model.name,
        [
          ...parts.map((p) => `${p.label}: ${colourNames[design.parts[p.key] ?? ''] ?? T.notChosen}`),
          `${T.hardwareLabel}: ${hardwareLabel ?? T.notChosen}`,
        ].join(', ') + '.',
      )
    : T.previewNothing;
  // The backend's picture of the model in the neck strap's colour: what the cart and the order show.
  const picture = model ? (model.pictures[design.parts[parts[0]?.key ?? ''] ?? ''] ?? model.image) : null;

  const onAdd = async () => {
    if (blocked || status === 'busy' || !model || !priced?.variant) return;
    setStatus('busy');
    setError(null);
    try {
      await add(priced.variant.id, qty, harnessLineFields(priced.extras.values, model.parts, design.parts, hardwareCode, picture ?? ''));
      setStatus('added');
      notify({ message: T.added(model.name), kind: 'success' });
    } catch (e) {
      setStatus('idle');
      const reason =
        e instanceof ShopError
          ? (typeof e.details.interceptorError === 'string' && e.details.interceptorError) || t.cart.errorCode(e.errorCode)
          : e instanceof Error && e.message
            ? e.message
            : t.cart.addFailed;
      setError(reason);
    }
  };

  return (
    <div className="studio">
      <p className="studio__back">
        <a href="/pro-fit-studio">← {T.back}</a>
      </p>
      <h1>{data.title}</h1>
      <p className="studio__intro">{data.intro}</p>
      {!models.length ? (
        <p>{T.empty}</p>
      ) : (
        <div className="studio__layout">
          <div className="studio-aside">
            <section className="studio-preview" aria-labelledby={`${base}-preview`}>
              <h2 id={`${base}-preview`} className="visually-hidden">
                {T.preview}
              </h2>
              <HarnessPreview type={data.type} parts={parts} partColours={design.parts} hardware={hardwareCode} description={description} />
            </section>
            <section className="studio-summary-box" aria-labelledby={`${base}-summary`}>
              <h2 id={`${base}-summary`} className="studio-summary__title">
                {T.summary}
              </h2>
              <dl className="studio-summary" data-testid="studio-choices">
                <div>
                  <dt>{T.steps.model}</dt>
                  <dd>{model?.name ?? T.notChosen}</dd>
                </div>
                {choicesList.map((c) => (
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
                    {formatPrice(priced?.total ?? Math.min(...models.map((m) => m.fromPrice)))}
                  </dd>
                </div>
              </dl>
              <button
                type="button"
                className="button studio__add"
                disabled={blocked || status === 'busy'}
                aria-describedby={hint ? hintId : undefined}
                onClick={onAdd}
              >
                {status === 'added' ? T.adding : T.addToCart}
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
          </div>

          <div className="studio__steps">
            <fieldset className="studio-step studio-models">
              <legend>
                <span className="studio-step__no">1</span> {T.steps.model}
              </legend>
              <div className="studio-models__row">
                {models.map((m) => (
                  <label key={m.slug} className="studio-model">
                    <input
                      type="radio"
                      name={`${base}-model`}
                      value={m.slug}
                      checked={design.model === m.slug}
                      onChange={() => update(switchModel(design, m.slug, models))}
                    />
                    <StudioImage
                      preview={m.pictures[design.parts[m.parts[0]?.key ?? ''] ?? ''] ?? m.image}
                      alt=""
                      sizes="(min-width: 1024px) 160px, 40vw"
                      assetUrl={data.assetUrl}
                    />
                    <span className="studio-model__name">{m.name}</span>
                    <span className="studio-model__price">
                      {T.from} {formatPrice(m.fromPrice)}
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>

            {model && (
              <>
                <section className="studio-step" aria-labelledby={`${base}-size`}>
                  <h2 id={`${base}-size`}>
                    <span className="studio-step__no">2</span> {T.steps.size}
                  </h2>
                  <VariantPicker
                    data={model}
                    selection={design.selection}
                    onChoose={(groupId, optionId) =>
                      update({ ...design, selection: choose(model.optionGroups, model.variants, design.selection, groupId, optionId) })
                    }
                  />
                </section>
                <section className="studio-step" aria-labelledby={`${base}-colours`}>
                  <h2 id={`${base}-colours`}>
                    <span className="studio-step__no">3</span> {T.steps.colours}
                  </h2>
                  {model.parts.map((p) => (
                    <SwatchGroup
                      key={p.key}
                      name={`${base}-part-${p.key}`}
                      label={p.label}
                      colours={model.colours}
                      value={design.parts[p.key]}
                      onChange={(code) => update({ ...design, parts: { ...design.parts, [p.key]: code } })}
                    />
                  ))}
                </section>
                <section className="studio-step" aria-labelledby={`${base}-extras`}>
                  <h2 id={`${base}-extras`}>
                    <span className="studio-step__no">4</span> {T.steps.hardware} · {T.steps.extras}
                  </h2>
                  <Personalisation
                    offers={offers}
                    state={design.extras}
                    errors={priced?.extras.errors ?? {}}
                    onChange={(field, value) =>
                      update(
                        { ...design, extras: { ...design.extras, [field]: value } },
                        typeof value === 'string' && offers.find((o) => o.field === field)?.type === 'int' ? 'replace' : 'push',
                      )
                    }
                    guard={null}
                    partColours={{}}
                    onPartColour={() => {}}
                  />
                </section>
                <section className="studio-step" aria-labelledby={`${base}-qty`}>
                  <h2 id={`${base}-qty`}>
                    <span className="studio-step__no">5</span> {T.steps.quantity}
                  </h2>
                  <QuantityStepper
                    value={qty}
                    onValue={(value) => update({ ...design, qty: value }, 'replace')}
                    label={productTexts.quantity}
                    showLabel
                    decreaseLabel={productTexts.decrease}
                    increaseLabel={productTexts.increase}
                    max={MAX_STUDIO_QTY}
                    live
                  />
                </section>
                <p className="studio__share">{T.share}</p>
              </>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
