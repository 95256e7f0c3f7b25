import { type FormEvent, useState } from 'react';
import { updateCustomer } from './customer.graphql';
import type { AccountCustomer } from './types';
import { accountTexts } from './account.texts';
import { Checkbox } from '../../client/components/form/Checkbox';
import { FormMessage } from '../../client/components/form/FormMessage';
import { useAccountAction } from './use-account';

const N = accountTexts.newsletter;

/** Spec §2 newsletter page: the customer's `newsletter` flag, saved. */
export function NewsletterSection({ customer, onChange }: { customer: AccountCustomer; onChange(c: AccountCustomer): void }) {
  const [subscribed, setSubscribed] = useState(!!customer.customFields?.newsletter);
  const action = useAccountAction(onChange);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void action.run(async () => {
      await action.request(updateCustomer, { input: { customFields: { newsletter: subscribed } } });
      await action.reload();
      return subscribed ? N.subscribed : N.unsubscribed;
    });
  };
  return (
    <form className="account-form" noValidate onSubmit={onSubmit}>
      <p>{N.intro}</p>
      <Checkbox id="newsletter" label={N.flag} checked={subscribed} onValue={setSubscribed} />
      {action.result && <FormMessage kind={action.result.kind}>{action.result.text}</FormMessage>}
      <button type="submit" className="button" disabled={action.busy}>
        {action.busy ? accountTexts.area.saving : accountTexts.area.save}
      </button>
    </form>
  );
}
