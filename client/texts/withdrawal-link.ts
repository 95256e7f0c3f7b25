/**
 * The withdrawal link's exact label, required by art. 11a of Directive 2011/83/EU as amended
 * (issue 24). Apart from `texts/withdrawal.ts` because every page shows it (the footer) and the
 * order pages link it: they load this line, not the whole form's texts.
 */
export const WITHDRAWAL_LINK = 'Odstąp od umowy tutaj';
