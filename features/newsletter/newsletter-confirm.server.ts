import type { NewsletterConfirmData, NewsletterConfirmResult } from './NewsletterConfirmPage';
import { t } from '../../client/texts';
import { modalTexts } from '../../client/texts/shell-modals';
import { confirmNewsletter } from './newsletter.graphql.server';
import { shopClient } from '../../worker/shop/vendure';
import type { Loader } from '../../worker/pages/loader';

const RESULT: Record<string, NewsletterConfirmResult> = { CONFIRMED: 'confirmed', ALREADY_CONFIRMED: 'already', INVALID_TOKEN: 'invalid' };
const STATUS: Record<NewsletterConfirmResult, number> = { confirmed: 200, already: 200, invalid: 400, missing: 400, failed: 503 };

/**
 * The opt-in link (`?token=`): confirms the subscription once (following it again says it
 * already is). Personal and never cached or indexed (route guard `status`).
 */
export const newsletterConfirmLoader: Loader<NewsletterConfirmData> = async ({ c, url }) => {
  const token = url.searchParams.get('token')?.trim() ?? '';
  let result: NewsletterConfirmResult = 'missing';
  if (token) {
    try {
      const answer = await shopClient(c.env).request(confirmNewsletter, { token: token.slice(0, 128) });
      result = RESULT[answer.confirmNewsletter.status] ?? 'failed';
    } catch (error) {
      console.error('Newsletter confirmation failed', error);
      result = 'failed';
    }
  }
  return {
    data: { result },
    head: { title: `${modalTexts.confirm.title} – ${t.shopName}`, noindex: true },
    status: STATUS[result],
  };
};
