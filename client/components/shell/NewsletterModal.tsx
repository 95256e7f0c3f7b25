import { type FormEvent, useState } from 'react';
import { email as emailRule } from '../../lib/forms/validation';
import { usePanels } from '../../stores/StoresProvider';
import { modalTexts } from '../../texts/shell-modals';
import { Checkbox } from '../form/Checkbox';
import { Field } from '../form/Field';
import { useForm } from '../form/use-form';
import { FormMessage } from '../form/FormMessage';
import { Panel } from '../ui/Panel';
import { type NewsletterStatus, subscribeToNewsletter } from '../../lib/newsletter/newsletter-api';

const nt = modalTexts.newsletter;
const DONE: Record<NewsletterStatus, string> = {
  'confirmation-sent': nt.sent,
  subscribed: nt.subscribed,
  'already-subscribed': nt.already,
};

/** Spec §2 newsletter modal (panel `newsletter`): e-mail and consent, double opt-in through the backend. */
export default function NewsletterModal() {
  const open = usePanels((s) => s.open === 'newsletter');
  return open ? <NewsletterForm /> : null;
}

function NewsletterForm() {
  const close = usePanels((s) => s.close);
  // ids `newsletter-email`, then `newsletter-consent`: the fields in form order
  const form = useForm({ initial: { email: '', consent: false }, fieldId: (f) => `newsletter-${f}` });
  const { values, set, errors, busy: sending } = form;
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const email = values.email;
    const emailError = email.trim() ? emailRule(email) : nt.emailRequired;
    const invalid = form.report({ email: emailError ?? undefined, consent: values.consent ? undefined : nt.consentRequired });
    setFailure(null);
    if (invalid) return;
    await form.submit(async () => {
      const outcome = await subscribeToNewsletter(email.trim(), values.consent);
      if (outcome.kind === 'done') setDone(DONE[outcome.status]);
      else if (outcome.kind === 'invalid') form.report({ [outcome.field]: outcome.message });
      else setFailure(outcome.kind === 'rate-limited' ? nt.tooMany : nt.failed);
    });
  };

  return (
    <Panel title={nt.title} closeLabel={nt.close} onClose={close} variant="modal" className="newsletter">
      {done ? (
        <p className="newsletter__done" role="status">
          {done}
        </p>
      ) : (
        <form noValidate onSubmit={onSubmit} className="newsletter__form">
          <p>{nt.intro}</p>
          <Field
            id="newsletter-email"
            name="email"
            label={nt.email}
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            value={values.email}
            onValue={set('email')}
            error={errors.email}
          />
          <Checkbox
            id="newsletter-consent"
            name="consent"
            label={nt.consent}
            required
            checked={values.consent}
            onValue={set('consent')}
            error={errors.consent}
          />
          {failure && <FormMessage kind="error">{failure}</FormMessage>}
          <button type="submit" className="button" disabled={sending}>
            {sending ? nt.sending : nt.submit}
          </button>
        </form>
      )}
    </Panel>
  );
}
