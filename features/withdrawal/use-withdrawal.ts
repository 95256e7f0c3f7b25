import type { ResultOf } from '../../client/graphql/graphql';
import { type FormEvent, useEffect, useState } from 'react';
import { type OrderLookup, orderLookupProblems } from '../../client/components/form/OrderLookupFields';
import { type Form, useForm } from '../../client/components/form/use-form';
import { requestWithdrawal, withdrawalOrder } from './withdrawal.graphql';
import { ShopUnavailableError } from '../../client/lib/shop-api';
import { useSession } from '../../client/stores/StoresProvider';
import { orderLookupTexts } from '../../client/texts/order-lookup';
import { withdrawalTexts as W } from './withdrawal.texts';

export type Found = NonNullable<ResultOf<typeof withdrawalOrder>['withdrawalOrder']>;
export type Receipt = ResultOf<typeof requestWithdrawal>['requestWithdrawal'];
type WithdrawalStep = 'find' | 'lines' | 'confirm' | 'done';
type WithdrawalField = keyof WithdrawalValues | 'lines';
interface WithdrawalValues extends OrderLookup {
  name: string;
}

/** What the shopper reads for a failed request: the backend's Polish reason, or ours. */
function messageOf(error: unknown): string {
  if (error instanceof ShopUnavailableError) {
    if (/not currently authorized|forbidden/i.test(error.message)) return W.errors.forbidden;
    return error.message || W.errors.failed;
  }
  return W.errors.failed;
}

/**
 * The state of the withdrawal form (issue 24): the order's code, e-mail and the name, the order
 * found, the lines chosen, the step, and the three submits (find, next, confirm). Everything typed
 * survives a failed request.
 */
export function useWithdrawal(code: string) {
  const request = useSession((s) => s.request);
  const customer = useSession((s) => s.customer);
  const form: Form<WithdrawalValues, WithdrawalField, string> = useForm<WithdrawalValues, WithdrawalField>({
    initial: { code, email: '', name: '' },
    // a missing line focuses the first checkbox
    fieldId: (k) => (k === 'lines' ? 'withdrawal-line-0' : `withdrawal-${k}`),
    messageOf,
  });
  const { values, setValues, setMessage } = form;
  const [order, setOrder] = useState<Found | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [step, setStep] = useState<WithdrawalStep>('find');
  const [receipt, setReceipt] = useState<Receipt | null>(null);

  // a signed-in customer's own address and name are filled in (still editable)
  useEffect(() => {
    if (!customer) return;
    setValues((v) => ({
      ...v,
      email: v.email || customer.emailAddress,
      name: v.name || `${customer.firstName} ${customer.lastName}`.trim(),
    }));
  }, [customer, setValues]);

  const onFind = async (event: FormEvent) => {
    event.preventDefault();
    if (form.report(orderLookupProblems(values))) return;
    await form.submit(async () => {
      const found = (await request(withdrawalOrder, { code: values.code.trim(), emailAddress: values.email.trim() })).withdrawalOrder;
      if (!found) return setMessage(orderLookupTexts.errors.notFound);
      setOrder(found);
      setChosen(found.lines.filter((l) => l.eligible).map((l) => l.orderLineId));
      setStep('lines');
    });
  };

  const onNext = (event: FormEvent) => {
    event.preventDefault();
    const problems = {
      lines: chosen.length ? undefined : W.errors.lines,
      name: values.name.trim().length < 2 ? W.errors.name : undefined,
    };
    if (form.report(problems)) return;
    setMessage(null);
    setStep('confirm');
  };

  const onConfirm = async () => {
    if (!order) return;
    await form.submit(async () => {
      const { requestWithdrawal: saved } = await request(requestWithdrawal, {
        input: { code: order.code, emailAddress: values.email.trim(), name: values.name.trim(), orderLineIds: chosen },
      });
      setReceipt(saved);
      setStep('done');
    });
  };

  const choose = (orderLineId: string, on: boolean) => setChosen((c) => (on ? [...c, orderLineId] : c.filter((id) => id !== orderLineId)));

  return { form, order, chosen, choose, step, setStep, receipt, onFind, onNext, onConfirm };
}
