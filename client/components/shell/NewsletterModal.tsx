import { type FormEvent, useState } from 'react';
import { email as emailRule } from '../../lib/forms/validation';
import { usePanels } from '../../stores/StoresProvider';
import { modalTexts } from '../../texts/shell-modals';
import { Checkbox } from '../form/Checkbox';
import { Field } from '../form/Field';
import { useFocusFirstInvalid } from '../form/focus-first-invalid';
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

type Errors = Partial<Record<'email' | 'consent', string>>;

function NewsletterForm() {
  const close = usePanels((s) => s.close);
  const [email, setEmail] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const focusFirstInvalid = useFocusFirstInvalid();

  /** The fields in form order: `newsletter-email`, then `newsletter-consent`. */
  const focusFirst = (found: Errors) =>
    focusFirstInvalid((['email', 'consent'] as const).filter((f) => found[f]).map((f) => `newsletter-${f}`));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const found: Errors = {};
    const emailError = email.trim() ? emailRule(email) : nt.emailRequired;
    if (emailError) found.email = emailError;
    if (!agreed) found.consent = nt.consentRequired;
    setErrors(found);
    setFailure(null);
    if (found.email || found.consent) return focusFirst(found);
    setSending(true);
    const outcome = await subscribeToNewsletter(email.trim(), agreed);
    setSending(false);
    if (outcome.kind === 'done') setDone(DONE[outcome.status]);
    else if (outcome.kind === 'invalid') {
      const refused = { [outcome.field]: outcome.message };
      setErrors(refused);
      focusFirst(refused);
    } else setFailure(outcome.kind === 'rate-limited' ? nt.tooMany : nt.failed);
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
            value={email}
            onValue={setEmail}
            error={errors.email}
          />
          <Checkbox
            id="newsletter-consent"
            name="consent"
            label={nt.consent}
            required
            checked={agreed}
            onValue={setAgreed}
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
