import { type FormEvent, useState } from 'react';
import { registerCustomerAccount } from '../../client/graphql/auth.graphql';
import { unwrap } from '../../client/graphql/errors';
import { shopRequest } from '../../client/lib/shop-api';
import { checkoutTexts } from './checkout.texts';
import { checkoutPaymentTexts } from './checkout-payment.texts';
import { Field } from '../../client/components/form/Field';
import { useForm } from '../../client/components/form/use-form';
import { FormMessage } from '../../client/components/form/FormMessage';
import { checkoutProblem, type SubmitProblem } from './submit';
import type { PlacedOrder } from './types';

const tx = checkoutPaymentTexts.thankYou;
const MIN_PASSWORD = 8;

/**
 * A guest sets a password on the thank-you page: the account is registered for the order's
 * e-mail, and the backend links it to the guest customer who placed the order, so the order
 * shows in the new account.
 */
export function GuestAccount({ order }: { order: PlacedOrder }) {
  const form = useForm<{ password: string }, 'password', SubmitProblem>({
    initial: { password: '' },
    fieldId: () => 'account-password',
    messageOf: checkoutProblem,
  });
  const { password } = form.values;
  const { busy: pending, message: problem } = form;
  const [created, setCreated] = useState(false);
  const customer = order.customer;
  if (!customer) return null;

  const submit = () => {
    if (form.report({ password: password.length < MIN_PASSWORD ? tx.passwordTooShort : undefined })) return;
    void form.submit(async () => {
      const { registerCustomerAccount: result } = await shopRequest(registerCustomerAccount, {
        input: {
          emailAddress: customer.emailAddress,
          firstName: customer.firstName,
          lastName: customer.lastName,
          phoneNumber: customer.phoneNumber ?? undefined,
          password,
        },
      });
      unwrap(result);
      setCreated(true);
    });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  if (created) {
    return (
      <section className="thank-you__account" aria-live="polite">
        <p className="thank-you__ok">{tx.accountCreated}</p>
      </section>
    );
  }
  return (
    <section className="thank-you__account" aria-labelledby="account-heading">
      <h2 id="account-heading">{tx.accountHeading}</h2>
      <p>{tx.accountIntro}</p>
      <form onSubmit={onSubmit} noValidate>
        <input type="email" name="username" autoComplete="username" value={customer.emailAddress} readOnly hidden />
        <Field
          {...form.field('password')}
          label={tx.password}
          type="password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD}
          hint={tx.passwordHint}
        />
        {problem && (
          <FormMessage kind="error" onRetry={problem.retryable && submit} retryLabel={checkoutTexts.errors.retry}>
            {problem.message}
          </FormMessage>
        )}
        <button type="submit" className="button" disabled={pending} aria-busy={pending || undefined}>
          {tx.createAccount}
        </button>
      </form>
    </section>
  );
}
