import { useEffect, useId, useMemo, useState } from 'react';
import { ShopError } from '../../client/graphql/errors';
import { harnessLineFields, missingChoices, type MissingChoice, type Quote, quote, requiredHardware } from './rules';
import type { StudioVariant } from './types';
import { type ConfiguratorData, expandModel, type StudioModel } from './types';
import { type Design, designFromQuery, designToQuery } from './url';
import { HARDWARE } from '../product/product-extras';
import { useCart, useNotifications } from '../../client/stores/StoresProvider';
import { t } from '../../client/texts';
import { configuratorTexts as T } from './configurator.texts';

/** Spec §4/§9: the 'adding' state shows for 1 second after adding. */
const ADDED_FEEDBACK_MS = 1000;

/** What the studio shows and does. */
export type StudioView = ReturnType<typeof useStudio>;

/**
 * The studio's state: the design (read from and written to the query string, each choice a
 * history step), the backend's price, what is still missing, and adding the design to the cart.
 */
export function useStudio(data: ConfiguratorData, search: string) {
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
  const priced: Quote<StudioVariant> | null = model
    ? quote(model.optionGroups, model.variants, design.selection, design.extras, qty)
    : null;
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

  return {
    models,
    design,
    update,
    model,
    priced,
    offers,
    hardwareCode,
    parts,
    choicesList,
    description,
    blocked,
    hint,
    status,
    error,
    hintId,
    base,
    onAdd,
  };
}
