/**
 * What the checkout's forms need only when they are submitted: the shared form rules (with
 * libphonenumber-js, the heaviest part of the checkout's code) and the builders of the backend's
 * address input. Loaded on the first focus of a form (`loadFormRules`), not with the page.
 */
export { email, maxLength, required, validate } from '../../client/lib/forms/validation';
export { normalisePhone, phone } from '../../client/lib/forms/phone';
export { toBackendAddress } from '../../client/lib/forms/address';
export { addressRules } from '../../client/lib/forms/address-rules';
export { billingAddressInput, courierShippingAddress, lockerShippingAddress } from './address-input';
