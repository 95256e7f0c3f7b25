import { useEffect, useRef } from 'react';
import { setCustomerForOrder } from './checkout.graphql';
import { unwrap } from '../../client/graphql/errors';
import { shopRequest } from '../../client/lib/shop-api';
import { useRouter } from '../../client/router/context';
import { usePanels, useStores } from '../../client/stores/StoresProvider';
import { customerTexts } from './checkout-customer.texts';
import { Field } from '../../client/components/form/Field';
import { useForm } from '../../client/components/form/use-form';
import { CheckoutStep } from './CheckoutStep';
import { loadFormRules, preloadFormRules } from './load-rules';
import { STEP_PATHS } from './steps';
import { checkoutProblem } from './submit';
import type { CheckoutData } from './types';
import type { SubmitProblem } from './submit';

const tx = customerTexts;
type CustomerField = 'email' | 'firstName' | 'lastName' | 'phone';
const fieldId = (field: CustomerField) => `customer-${field}`;

/** Step 1 (guest): who orders — e-mail, name and phone, set on the order with setCustomerForOrder. */
export function CustomerStep({ data }: { data: CheckoutData }) {
  const router = useRouter();
  const { panels } = useStores();
  const known = data.order.customer;
  const form = useForm<Record<CustomerField, string>, CustomerField, SubmitProblem>({
    initial: () => ({
      email: known?.emailAddress ?? '',
      firstName: known?.firstName ?? '',
      lastName: known?.lastName ?? '',
      phone: known?.phoneNumber ?? '',
    }),
    fieldId,
    clearOnEdit: true,
    messageOf: checkoutProblem,
  });
  const { values } = form;
  // Logging in through the login modal (accounts issue) makes the customer the order's: once the
  // modal closes, the checkout is asked again and skips this step for a logged-in customer.
  const loginOpen = usePanels((s) => s.open === 'login');
  const wasOpen = useRef(false);
  useEffect(() => {
    if (loginOpen) wasOpen.current = true;
    else if (wasOpen.current) {
      wasOpen.current = false;
      void router.navigate('/checkout', { replace: true });
    }
  }, [loginOpen, router]);
  const submit = () =>
    void form.submit(async () => {
      const { email, maxLength, normalisePhone, phone, required, validate } = await loadFormRules();
      const problems = validate(values, {
        email: [email],
        firstName: [required, maxLength(60)],
        lastName: [required, maxLength(80)],
        phone: [phone],
      });
      if (form.report(problems)) return;
      const { setCustomerForOrder: result } = await shopRequest(setCustomerForOrder, {
        input: {
          emailAddress: values.email.trim(),
          firstName: values.firstName.trim(),
          lastName: values.lastName.trim(),
          phoneNumber: normalisePhone(values.phone),
        },
      });
      unwrap(result);
      await router.navigate(STEP_PATHS.shipping);
    });

  return (
    <CheckoutStep
      heading={tx.heading}
      submitLabel={tx.submit}
      onSubmit={submit}
      onFocus={preloadFormRules}
      pending={form.busy}
      problem={form.message}
    >
      <p className="checkout-login">
        {tx.haveAccount}{' '}
        <a
          href="/my-account"
          onClick={(event) => {
            event.preventDefault();
            panels.getState().openPanel('login');
          }}
        >
          {tx.login}
        </a>
      </p>
      <p className="checkout-form__intro">{tx.intro}</p>
      <Field {...form.field('email')} label={tx.email} type="email" inputMode="email" autoComplete="email" required />
      <Field {...form.field('firstName')} label={tx.firstName} autoComplete="given-name" required className="field--half" />
      <Field {...form.field('lastName')} label={tx.lastName} autoComplete="family-name" required className="field--half" />
      <Field {...form.field('phone')} label={tx.phone} type="tel" inputMode="tel" autoComplete="tel" required hint={tx.phoneHint} />
    </CheckoutStep>
  );
}
