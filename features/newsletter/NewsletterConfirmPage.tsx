import type { PageProps } from '../../client/router/types';
import { modalTexts } from '../../client/texts/shell-modals';

const ct = modalTexts.confirm;

export type NewsletterConfirmResult = 'confirmed' | 'already' | 'invalid' | 'missing' | 'failed';
export interface NewsletterConfirmData {
  result: NewsletterConfirmResult;
}

/** The landing page of the newsletter's opt-in e-mail (`/newsletter/potwierdz?token=…`). */
export default function NewsletterConfirmPage({ data }: PageProps<NewsletterConfirmData>) {
  const ok = data.result === 'confirmed' || data.result === 'already';
  return (
    <section className="newsletter-confirm">
      <h1>{ct.title}</h1>
      <p role={ok ? 'status' : 'alert'} className={ok ? 'newsletter__done' : 'newsletter__failure'}>
        {ct[data.result]}
      </p>
      <p>
        <a className="button" href="/">
          {ct.home}
        </a>
      </p>
    </section>
  );
}
