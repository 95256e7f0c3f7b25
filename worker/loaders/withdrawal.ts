import type { WithdrawalData } from '../../client/pages/WithdrawalPage';
import { t } from '../../client/texts';
import { withdrawalTexts } from '../../client/texts/withdrawal';
import type { Loader } from './types';

/** `/odstapienie-od-umowy[?order=CODE]`: the form, with the order code of the link filled in (at most 64 characters). */
export const withdrawalLoader: Loader<WithdrawalData> = async (ctx) => ({
  data: { code: (ctx.url.searchParams.get('order') ?? '').trim().slice(0, 64) },
  head: { title: `${withdrawalTexts.title} – ${t.shopName}`, noindex: true },
});
