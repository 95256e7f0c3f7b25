import { CheckoutSteps } from '../components/checkout/CheckoutSteps';
import type { CheckoutData } from '../components/checkout/types';
import type { PageProps } from '../router/types';

export type { CheckoutData };

/** `/checkout/customer|shipping|billing|payment` (issue 11): the step the worker allowed, with its data. */
export default function CheckoutPage({ data }: PageProps<CheckoutData>) {
  return <CheckoutSteps data={data} />;
}
