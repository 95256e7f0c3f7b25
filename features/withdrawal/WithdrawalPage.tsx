import type { ResultOf } from '../../client/graphql/graphql';
import { type FormEvent, useEffect, useState } from 'react';
import { Checkbox } from '../../client/components/form/Checkbox';
import { Field } from '../../client/components/form/Field';
import { OrderLookupFields, orderLookupProblems } from '../../client/components/form/OrderLookupFields';
import { useFocusFirstInvalid } from '../../client/components/form/focus-first-invalid';
import { FormMessage } from '../../client/components/form/FormMessage';
import { requestWithdrawal, withdrawalOrder } from './withdrawal.graphql';
import { ShopUnavailableError } from '../../client/lib/shop-api';
import type { PageProps } from '../../client/router/types';
import { useSession } from '../../client/stores/StoresProvider';
import { orderLookupTexts } from '../../client/texts/order-lookup';
import { withdrawalTexts as W } from './withdrawal.texts';

/** `/odstapienie-od-umowy[?order=CODE]`: the footer's, the account's, the thank-you page's and the order e-mail's link. */
export interface WithdrawalData {
  /** the order code from the link, to fill in */
  code: string;
}

type Found = NonNullable<ResultOf<typeof withdrawalOrder>['withdrawalOrder']>;
type Receipt = ResultOf<typeof requestWithdrawal>['requestWithdrawal'];

const dateTime = new Intl.DateTimeFormat('pl-PL', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Warsaw',
});

/** What the shopper reads for a failed request: the backend's Polish reason, or ours. */
function messageOf(error: unknown): string {
  if (error instanceof ShopUnavailableError) {
    if (/not currently authorized|forbidden/i.test(error.message)) return W.errors.forbidden;
    return error.message || W.errors.failed;
  }
  return W.errors.failed;
}

/**
 * The withdrawal function (issue 24; decision 063): 1. the order by its code and e-mail address,
 * 2. the lines (those made to the shopper's specification shown as excluded, with the reason) and
 * the name, 3. a summary and 'Potwierdź odstąpienie'. Then the receipt with the date and time the
 * shop received it. Everything typed survives a failed request.
 */
export default function WithdrawalPage({ data }: PageProps<WithdrawalData>) {
  const request = useSession((s) => s.request);
  const customer = useSession((s) => s.customer);
  const focusFirstInvalid = useFocusFirstInvalid();
  const [values, setValues] = useState({ code: data.code, email: '', name: '' });
  const [errors, setErrors] = useState<Partial<Record<'code' | 'email' | 'name' | 'lines', string>>>({});
  const [order, setOrder] = useState<Found | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [step, setStep] = useState<'find' | 'lines' | 'confirm' | 'done'>('find');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [receipt, setReceipt] = useState<Receipt | null>(null);

  // a signed-in customer's own address and name are filled in (still editable)
  useEffect(() => {
    if (!customer) return;
    setValues((v) => ({
      ...v,
      email: v.email || customer.emailAddress,
      name: v.name || `${customer.firstName} ${customer.lastName}`.trim(),
    }));
  }, [customer]);

  const set = (key: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  const onFind = async (event: FormEvent) => {
    event.preventDefault();
    const problems = orderLookupProblems(values);
    setErrors(problems);
    if (Object.keys(problems).length) return focusFirstInvalid(Object.keys(problems).map((k) => `withdrawal-${k}`));
    setBusy(true);
    setProblem(null);
    try {
      const found = (await request(withdrawalOrder, { code: values.code.trim(), emailAddress: values.email.trim() })).withdrawalOrder;
      if (!found) return setProblem(orderLookupTexts.errors.notFound);
      setOrder(found);
      setChosen(found.lines.filter((l) => l.eligible).map((l) => l.orderLineId));
      setStep('lines');
    } catch (error) {
      setProblem(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  const onNext = (event: FormEvent) => {
    event.preventDefault();
    const problems: typeof errors = {};
    if (!chosen.length) problems.lines = W.errors.lines;
    if (values.name.trim().length < 2) problems.name = W.errors.name;
    setErrors(problems);
    if (Object.keys(problems).length)
      return focusFirstInvalid(problems.lines ? ['withdrawal-line-0', 'withdrawal-name'] : ['withdrawal-name']);
    setProblem(null);
    setStep('confirm');
  };

  const onConfirm = async () => {
    if (!order) return;
    setBusy(true);
    setProblem(null);
    try {
      const { requestWithdrawal: saved } = await request(requestWithdrawal, {
        input: { code: order.code, emailAddress: values.email.trim(), name: values.name.trim(), orderLineIds: chosen },
      });
      setReceipt(saved);
      setStep('done');
    } catch (error) {
      setProblem(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  const chosenLines = order?.lines.filter((l) => chosen.includes(l.orderLineId)) ?? [];
  const lineName = (l: { productName: string; variantName: string }) => l.variantName || l.productName;

  return (
    <div className="token-page withdrawal">
      <h1>{W.title}</h1>
      {step === 'done' && receipt ? (
        <section aria-labelledby="withdrawal-done" tabIndex={-1} ref={(el) => el?.focus()}>
          <h2 id="withdrawal-done">{W.doneHeading}</h2>
          <FormMessage kind="success">{W.doneAt(dateTime.format(new Date(receipt.createdAt)))}</FormMessage>
          <ul>
            {receipt.lines.map((l) => (
              <li key={l.productName}>
                {l.productName} – {W.quantity(l.quantity)}
              </li>
            ))}
          </ul>
          <p>{W.doneMail(receipt.emailAddress)}</p>
        </section>
      ) : (
        <>
          <p>{W.intro}</p>
          {step === 'find' && (
            <form className="account-form" noValidate onSubmit={(e) => void onFind(e)} aria-labelledby="withdrawal-find">
              <h2 id="withdrawal-find">{W.findHeading}</h2>
              <OrderLookupFields idPrefix="withdrawal" values={values} errors={errors} onValue={set} emailHint={W.emailHint} />
              {problem && <FormMessage kind="error">{problem}</FormMessage>}
              <button type="submit" className="button" disabled={busy}>
                {busy ? W.finding : W.find}
              </button>
            </form>
          )}
          {step === 'lines' && order && (
            <form className="account-form" noValidate onSubmit={onNext} aria-labelledby="withdrawal-lines">
              <h2 id="withdrawal-lines">{W.linesHeading}</h2>
              <p>{order.deadline ? W.deadline(dateTime.format(new Date(order.deadline))) : W.noDeadlineYet}</p>
              {!order.open && <FormMessage kind="error">{order.reason}</FormMessage>}
              <fieldset className="withdrawal__lines" aria-describedby={errors.lines ? 'withdrawal-lines-error' : undefined}>
                <legend>{W.linesLegend}</legend>
                {order.lines.map((l, i) =>
                  l.eligible ? (
                    <Checkbox
                      key={l.orderLineId}
                      id={`withdrawal-line-${i}`}
                      label={`${lineName(l)} – ${W.quantity(l.quantity)}`}
                      checked={chosen.includes(l.orderLineId)}
                      onValue={(on) => setChosen((c) => (on ? [...c, l.orderLineId] : c.filter((id) => id !== l.orderLineId)))}
                    />
                  ) : (
                    <div key={l.orderLineId} className="withdrawal__excluded">
                      <p>
                        <strong>{lineName(l)}</strong> – {W.quantity(l.quantity)}
                      </p>
                      <p>
                        {W.excluded}: {l.reason ?? order.reason}
                      </p>
                    </div>
                  ),
                )}
                {errors.lines && (
                  <p id="withdrawal-lines-error" className="field__error">
                    {errors.lines}
                  </p>
                )}
              </fieldset>
              <Field
                id="withdrawal-name"
                label={W.name}
                autoComplete="name"
                value={values.name}
                onValue={set('name')}
                error={errors.name}
              />
              <div className="withdrawal__actions">
                <button type="button" className="button button--ghost" onClick={() => setStep('find')}>
                  {W.back}
                </button>
                <button type="submit" className="button" disabled={!order.open || !order.lines.some((l) => l.eligible)}>
                  {W.next}
                </button>
              </div>
            </form>
          )}
          {step === 'confirm' && order && (
            <section aria-labelledby="withdrawal-confirm">
              <h2 id="withdrawal-confirm">{W.confirmHeading}</h2>
              <p>{W.confirmIntro(order.code)}</p>
              <ul>
                {chosenLines.map((l) => (
                  <li key={l.orderLineId}>
                    {lineName(l)} – {W.quantity(l.quantity)}
                  </li>
                ))}
              </ul>
              <p>{W.confirmBy(values.name.trim(), values.email.trim())}</p>
              {problem && <FormMessage kind="error">{problem}</FormMessage>}
              <div className="withdrawal__actions">
                <button type="button" className="button button--ghost" onClick={() => setStep('lines')} disabled={busy}>
                  {W.back}
                </button>
                <button type="button" className="button" onClick={() => void onConfirm()} disabled={busy}>
                  {busy ? W.sending : W.confirm}
                </button>
              </div>
            </section>
          )}
        </>
      )}
    </div>
  );
}
