import { useEffect, useRef, useState } from 'react';
import { setCustomerForOrder } from './checkout.graphql';
import { unwrap } from '../../client/graphql/errors';
import { shopRequest } from '../../client/lib/shop-api';
import { useRouter } from '../../client/router/context';
import { usePanels, useStores } from '../../client/stores/StoresProvider';
import { customerTexts } from './checkout-customer.texts';
import { Field } from '../../client/components/form/Field';
import { useFocusFirstInvalid } from '../../client/components/form/focus-first-invalid';
import { CheckoutStep } from './CheckoutStep';
import { loadFormRules, preloadFormRules } from './load-rules';
import { STEP_PATHS } from './steps';
import { useSubmit } from './submit';
import type { CheckoutData } from './types';

const tx = customerTexts;
type CustomerField = 'email' | 'firstName' | 'lastName' | 'phone';
const fieldId = (field: CustomerField) => `customer-${field}`;

/** Step 1 (guest): who orders — e-mail, name and phone, set on the order with setCustomerForOrder. */
export function CustomerStep({ data }: { data: CheckoutData }) {
  const router = useRouter();
  const { panels } = useStores();
  const known = data.order.customer;
  const [values, setValues] = useState<Record<CustomerField, string>>({
    email: known?.emailAddress ?? '',
    firstName: known?.firstName ?? '',
    lastName: known?.lastName ?? '',
    phone: known?.phoneNumber ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<CustomerField, string>>>({});
  const { pending, problem, run } = useSubmit();
  const focusFirstInvalid = useFocusFirstInvalid();
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
  const set = (field: CustomerField) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = () =>
    void run(async () => {
      const { email, maxLength, normalisePhone, phone, required, validate } = await loadFormRules();
      const problems = validate(values, {
        email: [email],
        firstName: [required, maxLength(60)],
        lastName: [required, maxLength(80)],
        phone: [phone],
      });
      setErrors(problems);
      const invalid = Object.keys(problems) as CustomerField[];
      if (invalid.length > 0) return focusFirstInvalid(invalid.map(fieldId));
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
      pending={pending}
      problem={problem}
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
      <Field
        id={fieldId('email')}
        label={tx.email}
        type="email"
        inputMode="email"
        autoComplete="email"
        required
        value={values.email}
        onValue={set('email')}
        error={errors.email}
      />
      <Field
        id={fieldId('firstName')}
        label={tx.firstName}
        autoComplete="given-name"
        required
        value={values.firstName}
        onValue={set('firstName')}
        error={errors.firstName}
        className="field--half"
      />
      <Field
        id={fieldId('lastName')}
        label={tx.lastName}
        autoComplete="family-name"
        required
        value={values.lastName}
        onValue={set('lastName')}
        error={errors.lastName}
        className="field--half"
      />
      <Field
        id={fieldId('phone')}
        label={tx.phone}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        required
        value={values.phone}
        onValue={set('phone')}
        error={errors.phone}
        hint={tx.phoneHint}
      />
    </CheckoutStep>
  );
}
