import { Suspense, useEffect, useState } from 'react';
import { setShippingAddress, setShippingMethod } from './checkout.graphql';
import { createCustomerAddress } from '../account/address.graphql';
import { unwrap } from '../../client/graphql/errors';
import type { AddressField, ShopAddress } from '../../client/lib/forms/address';
import { formatPrice } from '../../client/lib/price';
import { shopRequest } from '../../client/lib/shop-api';
import { useRouter } from '../../client/router/context';
import { useStores } from '../../client/stores/StoresProvider';
import { shippingTexts } from './checkout-shipping.texts';
import { AddressFields, type AddressErrors, addressFieldId, POSTAL_ADDRESS_FIELDS } from './AddressFields';
import { Checkbox } from '../../client/components/form/Checkbox';
import { useForm } from '../../client/components/form/use-form';
import { RadioGroup } from '../../client/components/form/RadioGroup';
import { CheckoutStep } from './CheckoutStep';
import { LockerPicker } from './deferred-locker';
import type { Locker } from './locker';
import { loadFormRules, preloadFormRules } from './load-rules';
import { initialShippingMethod, isLockerMethod, lockerFromOrder, savedAddressesInOrder, shipToLine } from './shipping';
import type { ShippingChoice } from './summary';
import { STEP_PATHS } from './steps';
import { checkoutProblem, type SubmitProblem } from './submit';
import type { CheckoutData } from './types';

const tx = shippingTexts;
const RECIPIENT_FIELDS: readonly AddressField[] = ['firstName', 'lastName', 'phone'];
const NEW = 'new';

/** The form's starting address: what the order has, else the saved default, else the customer's name and phone. */
function initialAddress(data: CheckoutData): { address: ShopAddress; savedId: string } {
  const { addresses } = data;
  const fromOrder = addresses.shipping;
  if (fromOrder && !fromOrder.parcelLocker) return { address: fromOrder, savedId: NEW };
  const person = data.order.customer;
  const phone = fromOrder?.phone || person?.phoneNumber || '';
  const first = savedAddressesInOrder(data.customer?.addresses ?? [], 'shipping')[0];
  const saved = first && addresses.saved[first.id];
  if (first && saved) return { address: { ...saved, phone: saved.phone || phone, parcelLocker: '' }, savedId: first.id };
  return {
    address: {
      ...addresses.empty,
      firstName: fromOrder?.firstName || person?.firstName || '',
      lastName: fromOrder?.lastName || person?.lastName || '',
      phone,
    },
    savedId: NEW,
  };
}

/** What the step shows chosen, for the order summary: the method, and the locker or the address it needs. */
function choiceOf(
  method: CheckoutData['shippingMethods'][number] | undefined,
  locker: Locker | null,
  address: ShopAddress,
): ShippingChoice {
  const toLocker = isLockerMethod(method?.code);
  return { method: method ?? null, shipTo: toLocker ? shipToLine(locker, null) : shipToLine(null, address) };
}

/** The choice the step starts with, so the server-rendered summary already shows it. */
export function initialShippingChoice(data: CheckoutData): ShippingChoice {
  return choiceOf(initialShippingMethod(data), lockerFromOrder(data.order.shippingAddress), initialAddress(data).address);
}

/**
 * Step 2: how the parcel travels. Methods and prices come from the backend (0 zł shows as
 * free). The InPost locker asks for a locker and the recipient; the courier for a full address,
 * chosen from the saved ones of a logged-in customer (default first) or typed in and optionally
 * saved to the account. Saving is real: the address, then `setOrderShippingMethod`.
 * `onChoice` hears every change of method, locker or address before anything is saved.
 */
export function ShippingStep({ data, onChoice }: { data: CheckoutData; onChoice?: (choice: ShippingChoice) => void }) {
  const router = useRouter();
  const { cart } = useStores();
  const methods = data.shippingMethods;
  const [methodId, setMethodId] = useState<string>(() => initialShippingMethod(data)?.id ?? '');
  const method = methods.find((m) => m.id === methodId);
  const locker = isLockerMethod(method?.code);
  const [{ address: start, savedId: startSaved }] = useState(() => initialAddress(data));
  type ShippingField = AddressField | 'locker' | 'method';
  const form = useForm<ShopAddress, ShippingField, SubmitProblem>({
    initial: start,
    fieldId: (f) => (f === 'locker' ? 'locker-search' : addressFieldId('shipping', f as AddressField)),
    clearOnEdit: true,
    messageOf: checkoutProblem,
  });
  const { values: address, setValues: setAddress, errors, setErrors } = form;
  const [savedId, setSavedId] = useState(startSaved);
  const [saveToAccount, setSaveToAccount] = useState(false);
  const [chosenLocker, setChosenLocker] = useState<Locker | null>(() => lockerFromOrder(data.order.shippingAddress));
  const saved = savedAddressesInOrder(data.customer?.addresses ?? [], 'shipping');
  useEffect(() => onChoice?.(choiceOf(method, chosenLocker, address)), [onChoice, method, chosenLocker, address]);
  /** The methods with their price (0 zł shows as free). */
  const methodOptions = methods.map((m) => ({
    value: m.id,
    label: (
      <>
        <span className="choice__name">{m.name}</span>
        <span className={`choice__price${m.priceWithTax === 0 ? ' is-free' : ''}`}>
          {m.priceWithTax === 0 ? tx.free : formatPrice(m.priceWithTax)}
        </span>
      </>
    ),
  }));

  const change = (field: AddressField, value: string) => form.set(field)(value);
  const pickSaved = (id: string) => {
    setSavedId(id);
    const found = data.addresses.saved[id];
    if (found) setAddress((a) => ({ ...found, phone: found.phone || a.phone, parcelLocker: '' }));
    else setAddress((a) => ({ ...data.addresses.empty, firstName: a.firstName, lastName: a.lastName, phone: a.phone }));
    setErrors({});
  };

  const submit = () => {
    if (!method) return setErrors({ method: tx.chooseMethod });
    void form.submit(async () => {
      const { addressRules, courierShippingAddress, lockerShippingAddress, normalisePhone, toBackendAddress, validate } =
        await loadFormRules();
      const fields = locker ? RECIPIENT_FIELDS : POSTAL_ADDRESS_FIELDS;
      const all = addressRules();
      const rules = Object.fromEntries(fields.map((f) => [f, all[f]])) as Record<AddressField, (typeof all)[AddressField]>;
      const problems: AddressErrors & { locker?: string } = validate(address, rules);
      if (locker && !chosenLocker) problems.locker = shippingTexts.lockerRequired;
      if (form.report(problems)) return;
      const input = locker && chosenLocker ? lockerShippingAddress(address, chosenLocker) : courierShippingAddress(address);
      unwrap((await shopRequest(setShippingAddress, { input })).setOrderShippingAddress);
      const order = unwrap((await shopRequest(setShippingMethod, { id: [method.id] })).setOrderShippingMethod);
      cart.getState().replace(order);
      if (!locker && saveToAccount && data.customer && savedId === NEW) {
        // The order is saved already; a failure here only costs the address book entry.
        await shopRequest(createCustomerAddress, {
          input: { ...toBackendAddress({ ...address, phone: normalisePhone(address.phone) }), defaultShippingAddress: saved.length === 0 },
        }).catch((error) => console.warn('Saving the address to the account failed', error));
      }
      await router.navigate(STEP_PATHS.billing);
    });
  };

  return (
    <CheckoutStep
      heading={tx.heading}
      submitLabel={tx.submit}
      onSubmit={submit}
      onFocus={preloadFormRules}
      pending={form.busy}
      problem={form.message}
      disabled={methods.length === 0}
    >
      {methods.length === 0 ? (
        <p role="alert">{tx.noMethods}</p>
      ) : (
        <RadioGroup
          name="shipping-method"
          legend={tx.methods}
          value={methodId}
          onValue={setMethodId}
          options={methodOptions}
          hint={methods.some((m) => m.priceWithTax > 0) ? tx.freeAbove : undefined}
          error={errors.method}
        />
      )}
      {locker ? (
        <>
          <Suspense fallback={null}>
            <LockerPicker
              value={chosenLocker}
              onChange={(l) => (setChosenLocker(l), setErrors((e) => ({ ...e, locker: undefined })))}
              error={errors.locker}
            />
          </Suspense>
          <h2 className="checkout-form__subheading">{tx.recipientHeading}</h2>
          <AddressFields prefix="shipping" section="shipping" value={address} errors={errors} onChange={change} fields={RECIPIENT_FIELDS} />
        </>
      ) : (
        <>
          <h2 className="checkout-form__subheading">{tx.addressHeading}</h2>
          {saved.length > 0 && (
            <RadioGroup
              name="saved-address"
              className="choice-list saved-addresses"
              legend={tx.savedAddresses}
              value={savedId}
              onValue={pickSaved}
              options={[
                ...saved.map((a) => ({
                  value: a.id,
                  label: (
                    <span className="choice__name">
                      {a.fullName}, {a.streetLine1}, {a.postalCode} {a.city}
                      {a.defaultShippingAddress && <span className="choice__badge"> ({tx.defaultAddress})</span>}
                    </span>
                  ),
                })),
                { value: NEW, label: <span className="choice__name">{tx.newAddress}</span> },
              ]}
            />
          )}
          <AddressFields
            prefix="shipping"
            section="shipping"
            value={address}
            errors={errors}
            onChange={change}
            fields={POSTAL_ADDRESS_FIELDS}
          />
          {data.customer && savedId === NEW && (
            <Checkbox id="shipping-save" label={tx.saveToAccount} checked={saveToAccount} onValue={setSaveToAccount} />
          )}
        </>
      )}
    </CheckoutStep>
  );
}
