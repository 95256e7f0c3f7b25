/**
 * What the checkout's forms need only when they are submitted: the shared form rules (with
 * libphonenumber-js, the heaviest part of the checkout's code) and the builders of the backend's
 * address input. Loaded on the first focus of a form (`loadFormRules`), not with the page.
 */
export { email, maxLength, required, validate } from '../forms/validation';
export { normalisePhone, phone } from '../forms/phone';
export { toBackendAddress } from '../forms/address';
export { addressRules } from '../forms/address-rules';
export { billingAddressInput, courierShippingAddress, lockerShippingAddress } from './address-input';
