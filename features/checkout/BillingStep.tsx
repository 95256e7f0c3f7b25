import { useState } from 'react';
import { setBillingAddress } from './checkout.graphql';
import { unwrap } from '../../client/graphql/errors';
import type { AddressField, ShopAddress } from '../../client/lib/forms/address';
import { shopRequest } from '../../client/lib/shop-api';
import { useRouter } from '../../client/router/context';
import { billingTexts } from './checkout-billing.texts';
import { formTexts } from '../../client/texts/forms';
import { AddressFields, addressFieldId, POSTAL_ADDRESS_FIELDS } from './AddressFields';
import { Checkbox } from '../../client/components/form/Checkbox';
import { useForm } from '../../client/components/form/use-form';
import { CheckoutStep } from './CheckoutStep';
import { loadFormRules, preloadFormRules } from './load-rules';
import { savedAddressesInOrder } from './shipping';
import { STEP_PATHS } from './steps';
import { checkoutProblem, type SubmitProblem } from './submit';
import type { CheckoutData } from './types';

const tx = billingTexts;
const INVOICE_FIELDS: readonly AddressField[] = ['company', 'nip'];

/** The billing form's start: the order's billing address, else the saved default billing one, else the shipping recipient. */
function initialBilling(data: CheckoutData): ShopAddress {
  const { addresses } = data;
  if (addresses.billing) return addresses.billing;
  const saved = savedAddressesInOrder(data.customer?.addresses ?? [], 'billing').find((a) => a.defaultBillingAddress);
  if (saved && addresses.saved[saved.id]) return addresses.saved[saved.id]!;
  const shipping = addresses.shipping ?? addresses.empty;
  return { ...addresses.empty, firstName: shipping.firstName, lastName: shipping.lastName, phone: shipping.phone };
}

/**
 * Step 3: who the invoice is for. 'Same as shipping' by default for a courier address; a
 * locker's address is not the shopper's, so then the billing address is asked for. The invoice
 * flag (`customFields.fvat`) asks for the NIP (checksum-checked) and an optional company name.
 */
export function BillingStep({ data }: { data: CheckoutData }) {
  const router = useRouter();
  const shipping = data.addresses.shipping ?? data.addresses.empty;
  const toLocker = !!shipping.parcelLocker;
  const form = useForm<ShopAddress, AddressField, SubmitProblem>({
    initial: () => initialBilling(data),
    fieldId: (f) => addressFieldId('billing', f),
    clearOnEdit: true,
    messageOf: checkoutProblem,
  });
  const billing = form.values;
  const [same, setSame] = useState(
    () =>
      !toLocker &&
      (!data.order.billingAddress?.streetLine1 || data.order.billingAddress.streetLine1 === data.order.shippingAddress?.streetLine1),
  );
  const [invoice, setInvoice] = useState(() => billing.invoice);
  const useShipping = same && !toLocker;

  const change = (field: AddressField, value: string) => form.set(field)(value);

  const submit = () =>
    void form.submit(async () => {
      const { addressRules, billingAddressInput, validate } = await loadFormRules();
      const fields = [...(useShipping ? [] : POSTAL_ADDRESS_FIELDS), ...(invoice ? INVOICE_FIELDS : [])];
      const all = addressRules({ invoice });
      const rules = Object.fromEntries(fields.map((f) => [f, all[f]])) as Record<AddressField, (typeof all)[AddressField]>;
      const problems = validate(billing, rules);
      if (form.report(problems)) return;
      const base = useShipping ? shipping : billing;
      const input = billingAddressInput(base, {
        wanted: invoice,
        company: invoice ? billing.company : '',
        nip: invoice ? billing.nip : '',
      });
      unwrap((await shopRequest(setBillingAddress, { input })).setOrderBillingAddress);
      await router.navigate(STEP_PATHS.payment);
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
      {toLocker ? (
        <p className="checkout-form__intro">{tx.lockerNote}</p>
      ) : (
        <Checkbox id="billing-same" label={tx.sameAsShipping} checked={same} onValue={setSame} />
      )}
      {!useShipping && (
        <>
          <h2 className="checkout-form__subheading">{tx.addressHeading}</h2>
          <AddressFields
            prefix="billing"
            section="billing"
            value={billing}
            errors={form.errors}
            onChange={change}
            fields={POSTAL_ADDRESS_FIELDS}
          />
        </>
      )}
      <Checkbox id="billing-invoice" label={formTexts.address.invoice} checked={invoice} onValue={setInvoice} />
      {invoice && (
        <AddressFields prefix="billing" section="billing" value={billing} errors={form.errors} onChange={change} fields={INVOICE_FIELDS} />
      )}
    </CheckoutStep>
  );
}
