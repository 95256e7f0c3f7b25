import { type FormEvent, useEffect, useRef, useState } from 'react';
import { accountMessage, errorCodeOf } from './account-errors';
import { Field } from '../../client/components/form/Field';
import { useForm } from '../../client/components/form/use-form';
import { FormMessage } from '../../client/components/form/FormMessage';
import { passwordRule } from './account-rules';
import { confirmCustomerEmailAddress, refreshCustomerVerification, verifyCustomerAccount } from '../../client/graphql/auth.graphql';
import { unwrap } from '../../client/graphql/errors';
import { email as emailRule } from '../../client/lib/forms/validation';
import type { PageProps } from '../../client/router/types';
import { useSession } from '../../client/stores/StoresProvider';
import { accountTexts } from './account.texts';

const V = accountTexts.verify;

/** `/verify?token=…` (and `&change=1` for an e-mail change), from the backend's e-mails. */
export interface VerifyData {
  token: string;
  emailChange: boolean;
}

type State =
  { step: 'working' } | { step: 'done'; text: string } | { step: 'password' } | { step: 'failed'; text: string; resend: boolean };

/**
 * Account activation (spec §2 `/verify`): after hydration the token goes to
 * `verifyCustomerAccount`, which also signs the customer in; a backend that wants the password
 * set at activation (registration without one) gets it from a form here. An expired or used
 * link says so and offers a new one. With `change=1` the link confirms a new e-mail address.
 */
export default function VerifyPage({ data }: PageProps<VerifyData>) {
  const request = useSession((s) => s.request);
  const signedIn = useSession((s) => s.signedIn);
  const [state, setState] = useState<State>(
    data.token ? { step: 'working' } : { step: 'failed', text: V.noToken, resend: !data.emailChange },
  );
  const started = useRef(false);

  const verify = async (password?: string) => {
    setState({ step: 'working' });
    try {
      if (data.emailChange) {
        unwrap((await request(confirmCustomerEmailAddress, { token: data.token })).updateCustomerEmailAddress);
        await signedIn();
        setState({ step: 'done', text: V.emailChanged });
        return;
      }
      unwrap((await request(verifyCustomerAccount, { token: data.token, password })).verifyCustomerAccount);
      await signedIn();
      setState({ step: 'done', text: V.success });
    } catch (error) {
      const code = errorCodeOf(error);
      if (code === 'MISSING_PASSWORD_ERROR') setState({ step: 'password' });
      else if (code === 'PASSWORD_VALIDATION_ERROR') setState({ step: 'password' });
      else setState({ step: 'failed', text: accountMessage(error, V.failed), resend: !data.emailChange && code !== null });
    }
  };

  useEffect(() => {
    // Once per page view: the token is spent by the first call.
    if (started.current || !data.token) return;
    started.current = true;
    void verify();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data.token]);

  return (
    <div className="token-page">
      <h1>{V.title}</h1>
      {state.step === 'working' && <p role="status">{V.working}</p>}
      {state.step === 'done' && (
        <>
          <FormMessage kind="success">{state.text}</FormMessage>
          <p>
            <a className="button" href="/my-account">
              {V.toAccount}
            </a>
          </p>
        </>
      )}
      {state.step === 'password' && <PasswordStep onPassword={(password) => void verify(password)} />}
      {state.step === 'failed' && (
        <>
          <FormMessage kind="error">{state.text}</FormMessage>
          {state.resend && <ResendForm />}
          <p>
            <a href="/">{V.toShop}</a>
          </p>
        </>
      )}
    </div>
  );
}

function PasswordStep({ onPassword }: { onPassword(password: string): void }) {
  const form = useForm({
    initial: { password: '' },
    fieldId: () => 'verify-password',
    rules: (v) => ({ password: passwordRule(v.password) ?? undefined }),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (form.validate()) onPassword(form.values.password);
  };
  return (
    <form className="account-form" noValidate onSubmit={onSubmit}>
      <p>{V.needsPassword}</p>
      <Field
        {...form.field('password')}
        label={V.password}
        type="password"
        autoComplete="new-password"
        hint={accountTexts.register.passwordHint}
      />
      <button type="submit" className="button">
        {V.submitPassword}
      </button>
    </form>
  );
}

function ResendForm() {
  const request = useSession((s) => s.request);
  const form = useForm({
    initial: { email: '' },
    fieldId: () => 'resend-email',
    rules: (v) => ({ email: emailRule(v.email) ?? undefined }),
  });
  const { email } = form.values;
  const [result, setResult] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate()) return;
    try {
      unwrap((await request(refreshCustomerVerification, { emailAddress: email.trim() })).refreshCustomerVerification);
      setResult({ kind: 'success', text: V.resent(email.trim()) });
    } catch (e) {
      setResult({ kind: 'error', text: accountMessage(e, V.failed) });
    }
  };
  return (
    <form className="account-form" noValidate onSubmit={(e) => void onSubmit(e)}>
      <h2>{V.resendTitle}</h2>
      <Field {...form.field('email')} label={V.resendEmail} type="email" inputMode="email" autoComplete="email" />
      {result && <FormMessage kind={result.kind}>{result.text}</FormMessage>}
      <button type="submit" className="button">
        {V.resend}
      </button>
    </form>
  );
}
