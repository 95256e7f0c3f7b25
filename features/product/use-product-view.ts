import { useEffect, useId, useRef, useState } from 'react';
import { ShopError } from '../../client/graphql/errors';
import { formatPrice } from '../../client/lib/price';
import type { ProductData } from './product-data';
import { cheapestVariant, harnessLineFields, missingChoices, quote, requiredHardware } from '../configurator/rules';
import { type ExtrasState, HARDWARE, initialExtras } from './product-extras';
import { choose, initialSelection, type Selection } from './product-options';
import { useCart, useNotifications } from '../../client/stores/StoresProvider';
import { t } from '../../client/texts';
import { productTexts as T } from './product.texts';

/** Spec §4/§9: the 'adding' state shows for 1 second after adding. */
export const ADDED_FEEDBACK_MS = 1000;

/** What the product page shows and does: the page's choices, the backend's price, adding to the cart. */
export type ProductView = ReturnType<typeof useProductView>;

/**
 * The product page's state: the selection, extras, part colours, quantity, the gallery's image and
 * the add-to-cart status, with the price and what is still missing worked out from them.
 */
export function useProductView(data: ProductData) {
  const [selection, setSelection] = useState<Selection>(() => data.preselected?.selection ?? initialSelection(data.optionGroups));
  const [extras, setExtras] = useState<ExtrasState>(() =>
    initialExtras(quote(data.optionGroups, data.variants, selection, {}, 1).shown?.extras ?? [], !!data.guard),
  );
  const [partColours, setPartColours] = useState<Record<string, string>>({});
  const [qty, setQty] = useState(1);
  const [image, setImage] = useState(
    () => (data.variants.find((v) => v.id === data.preselected?.variantId) ?? cheapestVariant(data.variants))?.imageIndex ?? 0,
  );
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

  const onExtra = (field: string, value: ExtrasState[string]) => {
    setExtras((s) => ({ ...s, [field]: value }));
    setError(null);
  };

  const onPartColour = (part: string, colour: string) => setPartColours((s) => ({ ...s, [part]: colour }));

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

  return {
    selection,
    extras,
    partColours,
    qty,
    setQty,
    image,
    setImage,
    status,
    error,
    hintId,
    mainButton,
    variant,
    shown,
    result,
    unit,
    offers,
    blocked,
    hint,
    /** the sticky bar's message: the first missing choice, once its button was pressed */
    barMessage: asked && missing.length ? T.missing(missing[0]!) : null,
    totalText: `${!variant && data.variants.length > 1 ? `${t.card.from} ` : ''}${formatPrice(unit * qty)}`,
    buttonLabel: status === 'added' ? T.adding : T.addToCart,
    onChoose,
    onExtra,
    onPartColour,
    onAdd,
    onBarBuy,
  };
}
