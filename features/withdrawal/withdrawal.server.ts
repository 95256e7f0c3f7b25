import type { WithdrawalData } from './WithdrawalPage';
import { t } from '../../client/texts';
import { withdrawalTexts } from './withdrawal.texts';
import type { Loader } from '../../worker/pages/loader';

/** `/odstapienie-od-umowy[?order=CODE]`: the form, with the order code of the link filled in (at most 64 characters). */
export const withdrawalLoader: Loader<WithdrawalData> = async (ctx) => ({
  data: { code: (ctx.url.searchParams.get('order') ?? '').trim().slice(0, 64) },
  head: { title: `${withdrawalTexts.title} – ${t.shopName}`, noindex: true },
});
