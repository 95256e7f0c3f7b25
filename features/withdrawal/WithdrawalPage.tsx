import { Checkbox } from '../../client/components/form/Checkbox';
import { Field } from '../../client/components/form/Field';
import { OrderLookupFields } from '../../client/components/form/OrderLookupFields';
import { lazyDateFormat } from '../../client/lib/date-format';
import { FormMessage } from '../../client/components/form/FormMessage';
import type { PageProps } from '../../client/router/types';
import { withdrawalTexts as W } from './withdrawal.texts';
import { type Found, type Receipt, useWithdrawal } from './use-withdrawal';

/** `/odstapienie-od-umowy[?order=CODE]`: the footer's, the account's, the thank-you page's and the order e-mail's link. */
export interface WithdrawalData {
  /** the order code from the link, to fill in */
  code: string;
}

const dateTime = lazyDateFormat('pl-PL', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Warsaw',
});

const lineName = (l: { productName: string; variantName: string }) => l.variantName || l.productName;

/**
 * The withdrawal function (issue 24; decision 063): 1. the order by its code and e-mail address,
 * 2. the lines (those made to the shopper's specification shown as excluded, with the reason) and
 * the name, 3. a summary and 'Potwierdź odstąpienie'. Then the receipt with the date and time the
 * shop received it. Everything typed survives a failed request.
 */
export default function WithdrawalPage({ data }: PageProps<WithdrawalData>) {
  const { form, order, chosen, choose, step, setStep, receipt, onFind, onNext, onConfirm } = useWithdrawal(data.code);
  const { values, errors, set, busy, message: problem } = form;
  const chosenLines = order?.lines.filter((l) => chosen.includes(l.orderLineId)) ?? [];

  return (
    <div className="token-page withdrawal">
      <h1>{W.title}</h1>
      {step === 'done' && receipt ? (
        <ReceiptView receipt={receipt} />
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
                      onValue={(on) => choose(l.orderLineId, on)}
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
              <Summary order={order} lines={chosenLines} name={values.name.trim()} email={values.email.trim()} />
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

/** The receipt: when the shop received the withdrawal, the lines, where the confirmation goes. */
function ReceiptView({ receipt }: { receipt: Receipt }) {
  return (
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
  );
}

/** The confirming step's summary: the order, the chosen lines, and who withdraws. */
function Summary({ order, lines, name, email }: { order: Found; lines: Found['lines']; name: string; email: string }) {
  return (
    <>
      <p>{W.confirmIntro(order.code)}</p>
      <ul>
        {lines.map((l) => (
          <li key={l.orderLineId}>
            {lineName(l)} – {W.quantity(l.quantity)}
          </li>
        ))}
      </ul>
      <p>{W.confirmBy(name, email)}</p>
    </>
  );
}
