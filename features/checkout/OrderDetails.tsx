import type { BackendAddress } from '../../client/lib/forms/address';
import { checkoutPaymentTexts } from './checkout-payment.texts';

/** An order address as lines of text: name, (locker), street, postal code and city, phone. */
export function AddressBlock({ address }: { address: BackendAddress | null | undefined }) {
  if (!address?.streetLine1) return null;
  const locker = address.customFields?.paczkomat;
  return (
    <address className="address-block">
      {address.fullName && <span>{address.fullName}</span>}
      {address.company && <span>{address.company}</span>}
      {locker && <span className="address-block__locker">{checkoutPaymentTexts.thankYou.locker(locker)}</span>}
      <span>{[address.streetLine1, address.streetLine2].filter(Boolean).join(' ')}</span>
      <span>
        {address.postalCode} {address.city}
      </span>
      {address.phoneNumber && <span>{address.phoneNumber}</span>}
      {address.customFields?.fvat && address.customFields.nip && (
        <span>{checkoutPaymentTexts.payment.invoice(address.customFields.nip)}</span>
      )}
    </address>
  );
}
