import type { AddressField, ShopAddress } from '../../client/lib/forms/address';
import { formTexts } from '../../client/texts/forms';
import { Field } from '../../client/components/form/Field';
import { SelectField } from '../../client/components/form/SelectField';

/** A person's postal address with a phone: the courier's delivery address and the billing address. */
export const POSTAL_ADDRESS_FIELDS: readonly AddressField[] = [
  'firstName',
  'lastName',
  'streetName',
  'streetNumber',
  'apartment',
  'postalCode',
  'city',
  'phone',
];

const labels = formTexts.address;
/** The only country the shop delivers to. */
const COUNTRIES = [{ value: 'PL', label: formTexts.countryName }] as const;

/** HTML autocomplete tokens of each field (with the section: `shipping` or `billing`). */
const TOKENS: Partial<Record<AddressField, string>> = {
  firstName: 'given-name',
  lastName: 'family-name',
  streetName: 'address-line1',
  streetNumber: 'address-line2',
  apartment: 'address-line3',
  postalCode: 'postal-code',
  city: 'address-level2',
  phone: 'tel',
  company: 'organization',
};

export type AddressErrors = Partial<Record<AddressField, string>>;

/** The id of an address field in a form (`shipping-postalCode`); focus and tests use it. */
export const addressFieldId = (prefix: string, field: AddressField) => `${prefix}-${field}`;

/**
 * The fields of a Polish address (spec §3 shop side), in the order validation reports them.
 * `fields` picks which ones show (a locker needs only the recipient's name and phone).
 */
export function AddressFields({
  prefix,
  section,
  value,
  errors,
  onChange,
  fields,
}: {
  prefix: string;
  section: 'shipping' | 'billing';
  value: ShopAddress;
  errors: AddressErrors;
  onChange(field: AddressField, value: string): void;
  fields: readonly AddressField[];
}) {
  const show = new Set(fields);
  const field = (
    name: AddressField,
    extra: { type?: string; inputMode?: 'text' | 'numeric' | 'tel'; required?: boolean; className?: string } = {},
  ) =>
    show.has(name) ? (
      <Field
        id={addressFieldId(prefix, name)}
        label={labels[name]}
        value={value[name]}
        onValue={(v) => onChange(name, v)}
        error={errors[name]}
        type={extra.type ?? 'text'}
        inputMode={extra.inputMode}
        autoComplete={name === 'nip' ? 'off' : `section-${prefix} ${section} ${TOKENS[name]}`}
        required={extra.required ?? true}
        className={extra.className}
      />
    ) : null;
  return (
    <div className="address-fields">
      {field('firstName', { className: 'field--half' })}
      {field('lastName', { className: 'field--half' })}
      {field('streetName')}
      {field('streetNumber', { className: 'field--half' })}
      {field('apartment', { className: 'field--half', required: false })}
      {field('postalCode', { inputMode: 'numeric', className: 'field--half' })}
      {field('city', { className: 'field--half' })}
      {show.has('streetName') && (
        <SelectField
          id={`${prefix}-country`}
          label={labels.country}
          autoComplete={`section-${prefix} ${section} country`}
          options={COUNTRIES}
          value="PL"
          onValue={() => {}}
        />
      )}
      {field('phone', { type: 'tel', inputMode: 'tel' })}
      {field('company', { required: false })}
      {field('nip', { inputMode: 'numeric' })}
    </div>
  );
}
