/**
 * Variant choice on the product page (spec §2/§5): option groups, the variant
 * they select, which options still lead to a variant, and the quantity rule.
 * Pure functions, shared by the loader (group order) and the page.
 */

export interface OptionGroupLike {
  id: string;
  code: string;
  options: ReadonlyArray<{ id: string }>;
}

export interface VariantLike {
  id: string;
  optionIds: readonly string[];
  /** from the backend's stock level (OUT_OF_STOCK → false); absent means orderable */
  inStock?: boolean;
}

/** Option group id → chosen option id. */
export type Selection = Readonly<Record<string, string>>;

/** Spec §9: the tape width group is listed first. */
const FIRST_OPTION_GROUP = 'szerokosc-tasmy';

/** Option groups with `szerokosc-tasmy` first; the others keep the backend's order. */
export function sortOptionGroups<G extends { code: string }>(groups: readonly G[]): G[] {
  return [...groups].sort((a, b) => Number(b.code === FIRST_OPTION_GROUP) - Number(a.code === FIRST_OPTION_GROUP));
}

/** Groups with one option need no decision: they start chosen. Nothing else is preselected (spec §5). */
export function initialSelection(groups: readonly OptionGroupLike[]): Selection {
  const out: Record<string, string> = {};
  for (const g of groups) if (g.options.length === 1) out[g.id] = g.options[0]!.id;
  return out;
}

/** Groups still without a choice, in display order. */
export function missingGroups<G extends OptionGroupLike>(groups: readonly G[], selection: Selection): G[] {
  return groups.filter((g) => !selection[g.id]);
}

/** The variant the selection points at, once every group is chosen (a product without groups has its one variant). */
export function selectedVariant<V extends VariantLike>(
  groups: readonly OptionGroupLike[],
  variants: readonly V[],
  selection: Selection,
): V | null {
  if (!groups.length) return variants.length === 1 ? variants[0]! : null;
  if (missingGroups(groups, selection).length) return null;
  const chosen = groups.map((g) => selection[g.id]!);
  return variants.find((v) => chosen.every((id) => v.optionIds.includes(id))) ?? null;
}

/** Whether choosing `optionId` in `groupId`, with the other groups as chosen, still matches some variant. */
export function optionAvailable(
  groups: readonly OptionGroupLike[],
  variants: readonly VariantLike[],
  selection: Selection,
  groupId: string,
  optionId: string,
): boolean {
  return variants.some(leadsTo(groups, selection, groupId, optionId));
}

/** A test of whether a variant has `optionId` in `groupId` and the other groups' chosen options. */
function leadsTo(groups: readonly OptionGroupLike[], selection: Selection, groupId: string, optionId: string) {
  const others = groups.filter((g) => g.id !== groupId && selection[g.id]).map((g) => selection[g.id]!);
  return (v: VariantLike) => v.optionIds.includes(optionId) && others.every((id) => v.optionIds.includes(id));
}

/**
 * Whether choosing `optionId` in `groupId`, with the other groups as chosen, leads to a variant in
 * stock. False for an option whose every matching variant is out of stock: the picker marks it
 * 'niedostępny' before it is chosen (issue 29); the backend still refuses the variant itself.
 */
export function optionInStock(
  groups: readonly OptionGroupLike[],
  variants: readonly VariantLike[],
  selection: Selection,
  groupId: string,
  optionId: string,
): boolean {
  const matches = leadsTo(groups, selection, groupId, optionId);
  return variants.some((v) => v.inStock !== false && matches(v));
}

/**
 * Chooses an option; choices in other groups that no longer lead to a variant
 * are dropped, so the shopper never sits on an impossible combination.
 */
export function choose(
  groups: readonly OptionGroupLike[],
  variants: readonly VariantLike[],
  selection: Selection,
  groupId: string,
  optionId: string,
): Selection {
  const next: Record<string, string> = { ...selection, [groupId]: optionId };
  for (const g of groups) {
    if (g.id === groupId || !next[g.id]) continue;
    if (!optionAvailable(groups, variants, next, g.id, next[g.id]!)) delete next[g.id];
  }
  return next;
}
