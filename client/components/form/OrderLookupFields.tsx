import { email as emailRule, required, validate } from '../../lib/forms/validation';
import { orderLookupTexts as L } from '../../texts/order-lookup';
import { Field } from './Field';

/** An order as a shopper names it: its number and the e-mail address it was placed with. */
export interface OrderLookup {
  code: string;
  email: string;
}

type OrderLookupErrors = Partial<Record<keyof OrderLookup, string>>;

/** What keeps the two from being looked up, in Polish and in the fields' order (none: look it up). */
export function orderLookupProblems(values: OrderLookup): OrderLookupErrors {
  const found = validate({ code: values.code, email: values.email }, { code: [required], email: [emailRule] });
  const problems: OrderLookupErrors = {};
  if (found.code) problems.code = L.errors.code;
  if (found.email) problems.email = L.errors.email;
  return problems;
}

/**
 * The order number and e-mail fields of the withdrawal form and the order status page: ids
 * `<idPrefix>-code` and `<idPrefix>-email` (for focusing the first invalid one), the code as typed
 * from an e-mail (no autofill, capitals, no spell check), the e-mail with its keyboard and autofill.
 */
export function OrderLookupFields({
  idPrefix,
  values,
  errors,
  onValue,
  emailHint,
}: {
  idPrefix: string;
  values: OrderLookup;
  errors: OrderLookupErrors;
  onValue(key: keyof OrderLookup): (value: string) => void;
  emailHint?: string;
}) {
  return (
    <>
      <Field
        id={`${idPrefix}-code`}
        label={L.code}
        hint={L.codeHint}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        value={values.code}
        onValue={onValue('code')}
        error={errors.code}
      />
      <Field
        id={`${idPrefix}-email`}
        label={L.email}
        hint={emailHint}
        type="email"
        autoComplete="email"
        inputMode="email"
        value={values.email}
        onValue={onValue('email')}
        error={errors.email}
      />
    </>
  );
}
