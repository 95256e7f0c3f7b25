import { type FormEvent, useState } from 'react';
import { createCustomerAddress, deleteCustomerAddress, updateCustomerAddress } from './address.graphql';
import { COUNTRY_LABEL, emptyAddress, fromBackendAddress, type ShopAddress, toBackendAddress } from '../../client/lib/forms/address';
import { loadOnce } from '../../client/lib/chunks/load-once';
import { validate } from '../../client/lib/forms/validation';
import type { AccountCustomer } from './types';
import { accountTexts } from './account.texts';
import { formTexts } from '../../client/texts/forms';
import { Checkbox } from '../../client/components/form/Checkbox';
import { Field, type FieldProps } from '../../client/components/form/Field';
import { useForm } from '../../client/components/form/use-form';
import { FormMessage } from '../../client/components/form/FormMessage';
import { parcelLockerRule } from './account-rules';
import { useAccountAction } from './use-account';

const A = accountTexts.addresses;
const L = formTexts.address;
type Kind = 'shipping' | 'billing';

/**
 * The address book (spec §2 shipping details / billing details): every saved address, on the
 * shipping page with its parcel locker and "default shipping", on the billing page with
 * company, NIP, invoice flag and "default billing". Create, edit, delete, set default; each
 * change is followed by a fresh read of the customer's addresses.
 */
export function AddressBook({ kind, customer, onChange }: { kind: Kind; customer: AccountCustomer; onChange(c: AccountCustomer): void }) {
  const [editing, setEditing] = useState<ShopAddress | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const action = useAccountAction(onChange);
  const addresses = customer.addresses ?? [];

  const setDefault = (id: string) =>
    void action.run(async () => {
      await action.request(updateCustomerAddress, {
        input: kind === 'shipping' ? { id, defaultShippingAddress: true } : { id, defaultBillingAddress: true },
      });
      await action.reload();
      return accountTexts.area.saved;
    });
  const remove = (id: string) =>
    void action.run(async () => {
      const { deleteCustomerAddress: result } = await action.request(deleteCustomerAddress, { id });
      if (!result.success) throw new Error('not deleted');
      setConfirming(null);
      await action.reload();
      return A.deleted;
    });

  return (
    <div className="address-book">
      {action.result && <FormMessage kind={action.result.kind}>{action.result.text}</FormMessage>}
      {addresses.length === 0 && <p>{A.empty}</p>}
      <ul className="address-book__list" aria-label={A.list(kind)}>
        {addresses.map((b) => {
          const a = fromBackendAddress(b);
          const name = `${a.firstName} ${a.lastName}`.trim();
          const isDefault = kind === 'shipping' ? a.defaultShipping : a.defaultBilling;
          return (
            <li
              key={b.id}
              className={`address-card ${isDefault ? 'address-card--default' : ''}`}
              aria-label={A.addressOf(`${name}, ${b.streetLine1}, ${b.city}`)}
            >
              {isDefault && <p className="address-card__badge">{kind === 'shipping' ? A.defaultShipping : A.defaultBilling}</p>}
              <address>
                {kind === 'billing' && a.company && (
                  <>
                    {a.company}
                    <br />
                  </>
                )}
                {name}
                <br />
                {b.streetLine1}
                {b.streetLine2 ? `, ${b.streetLine2}` : ''}
                <br />
                {b.postalCode} {b.city}
                <br />
                {b.phoneNumber}
                {kind === 'shipping' && a.parcelLocker && (
                  <>
                    <br />
                    {L.parcelLocker}: {a.parcelLocker}
                  </>
                )}
                {kind === 'billing' && a.nip && (
                  <>
                    <br />
                    {L.nip}: {a.nip}
                  </>
                )}
                {kind === 'billing' && a.invoice && (
                  <>
                    <br />
                    {L.invoice}
                  </>
                )}
              </address>
              <div className="address-card__actions">
                {!isDefault && (
                  <button
                    type="button"
                    className="button button--small button--ghost"
                    disabled={action.busy}
                    onClick={() => setDefault(b.id)}
                  >
                    {kind === 'shipping' ? A.setDefaultShipping : A.setDefaultBilling}
                  </button>
                )}
                <button type="button" className="button button--small button--ghost" onClick={() => setEditing(a)}>
                  {A.edit}
                </button>
                {confirming === b.id ? (
                  <span className="address-card__confirm" role="group" aria-label={A.confirmDelete}>
                    {A.confirmDelete}{' '}
                    <button type="button" className="button button--small" disabled={action.busy} onClick={() => remove(b.id)}>
                      {A.delete}
                    </button>{' '}
                    <button type="button" className="button button--small button--ghost" onClick={() => setConfirming(null)}>
                      {accountTexts.area.cancel}
                    </button>
                  </span>
                ) : (
                  <button type="button" className="button button--small button--ghost" onClick={() => setConfirming(b.id)}>
                    {A.delete}
                  </button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      {editing ? (
        <AddressForm key={editing.id ?? 'new'} kind={kind} initial={editing} onDone={() => setEditing(null)} onChange={onChange} />
      ) : (
        <button type="button" className="button" onClick={() => setEditing(emptyAddress())}>
          {A.add}
        </button>
      )}
    </div>
  );
}

type FormField =
  | 'firstName'
  | 'lastName'
  | 'streetName'
  | 'streetNumber'
  | 'apartment'
  | 'postalCode'
  | 'city'
  | 'phone'
  | 'company'
  | 'nip'
  | 'parcelLocker';

/** The address rules bring the phone library: loaded when the form is first focused or submitted, not with the page. */
const loadAddressRules = loadOnce(() => import('../../client/lib/forms/address-rules'));
const preloadAddressRules = () => {
  loadAddressRules().catch(() => {});
};

function AddressForm({
  kind,
  initial,
  onDone,
  onChange,
}: {
  kind: Kind;
  initial: ShopAddress;
  onDone(): void;
  onChange(c: AccountCustomer): void;
}) {
  const prefix = 'address-';
  const form = useForm<ShopAddress, FormField>({ initial, fieldId: (name) => prefix + name });
  const { values: address, set } = form;
  const action = useAccountAction(onChange);
  const field = (name: FormField, label: string, extra: Partial<FieldProps> = {}) => (
    <Field {...form.field(name)} label={label} type="text" {...extra} />
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void action.run(async () => {
      const { addressRules, normalisePhone } = await loadAddressRules();
      const rules = { ...addressRules({ invoice: kind === 'billing' && address.invoice }), parcelLocker: [parcelLockerRule] };
      const values: Record<FormField, string> = {
        firstName: address.firstName,
        lastName: address.lastName,
        streetName: address.streetName,
        streetNumber: address.streetNumber,
        apartment: address.apartment,
        postalCode: address.postalCode,
        city: address.city,
        phone: address.phone,
        company: address.company,
        nip: address.nip,
        parcelLocker: address.parcelLocker,
      };
      if (form.report(validate(values, rules))) return;
      const input = toBackendAddress({
        ...address,
        phone: normalisePhone(address.phone),
        parcelLocker: address.parcelLocker.trim().toUpperCase(),
      });
      if (address.id) await action.request(updateCustomerAddress, { input: { ...input, id: address.id } });
      else await action.request(createCustomerAddress, { input });
      await action.reload();
      onDone();
    });
  };

  return (
    <form className="account-form address-form" noValidate onSubmit={onSubmit} onFocus={preloadAddressRules}>
      <fieldset>
        <legend>{address.id ? A.editAddress : A.newAddress}</legend>
        <div className="account-form__grid">
          {field('firstName', L.firstName, { autoComplete: 'given-name' })}
          {field('lastName', L.lastName, { autoComplete: 'family-name' })}
          {kind === 'billing' && field('company', L.company, { autoComplete: 'organization' })}
          {field('streetName', L.streetName, { autoComplete: 'address-line1' })}
          {field('streetNumber', L.streetNumber, { autoComplete: 'off' })}
          {field('apartment', L.apartment, { autoComplete: 'address-line2' })}
          {field('postalCode', L.postalCode, { autoComplete: 'postal-code', inputMode: 'numeric', placeholder: '00-000' })}
          {field('city', L.city, { autoComplete: 'address-level2' })}
          <div className="field">
            <span className="field__label">{L.country}</span>
            <span className="field__static">{COUNTRY_LABEL}</span>
          </div>
          {field('phone', L.phone, { type: 'tel', autoComplete: 'tel', inputMode: 'tel' })}
          {kind === 'shipping' && field('parcelLocker', L.parcelLocker, { autoComplete: 'off', hint: A.parcelLockerHint })}
          {kind === 'billing' && field('nip', address.invoice ? L.nip : A.nipLabel, { autoComplete: 'off', inputMode: 'numeric' })}
        </div>
        {kind === 'billing' && <Checkbox id={`${prefix}invoice`} label={L.invoice} checked={address.invoice} onValue={set('invoice')} />}
      </fieldset>
      {action.result && <FormMessage kind={action.result.kind}>{action.result.text}</FormMessage>}
      <div className="account-form__buttons">
        <button type="submit" className="button" disabled={action.busy}>
          {action.busy ? accountTexts.area.saving : accountTexts.area.save}
        </button>
        <button type="button" className="button button--ghost" onClick={onDone}>
          {accountTexts.area.cancel}
        </button>
      </div>
    </form>
  );
}
