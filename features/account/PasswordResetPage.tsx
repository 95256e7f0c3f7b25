import { type FormEvent, useState } from 'react';
import { accountMessage, errorCodeOf } from './account-errors';
import { Field } from '../../client/components/form/Field';
import { useFocusFirstInvalid } from '../../client/components/form/focus-first-invalid';
import { FormMessage } from '../../client/components/form/FormMessage';
import { passwordRule } from './account-rules';
import { resetPassword } from '../../client/graphql/auth.graphql';
import { unwrap } from '../../client/graphql/errors';
import { required, validate } from '../../client/lib/forms/validation';
import type { PageProps } from '../../client/router/types';
import { usePanels, useSession } from '../../client/stores/StoresProvider';
import { accountTexts } from './account.texts';

const R = accountTexts.reset;

/** `/password-reset?token=…`, from the backend's password-reset e-mail. */
export interface PasswordResetData {
  token: string;
}

/**
 * A new password (spec §2 `/password-reset`): twice, then `resetPassword`; success is an answer
 * carrying an id (spec §7), which also signs the customer in. A bad or expired link explains
 * itself and offers the forgotten-password form.
 */
export default function PasswordResetPage({ data }: PageProps<PasswordResetData>) {
  const focusFirstInvalid = useFocusFirstInvalid();
  const request = useSession((s) => s.request);
  const signedIn = useSession((s) => s.signedIn);
  const openPanel = usePanels((s) => s.openPanel);
  const [values, setValues] = useState({ password: '', repeat: '' });
  const [errors, setErrors] = useState<Partial<typeof values>>({});
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ kind: 'error' | 'success'; text: string; tokenProblem?: boolean } | null>(
    data.token ? null : { kind: 'error', text: R.noToken, tokenProblem: true },
  );

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = validate(values, { password: [passwordRule], repeat: [required] });
    if (!problems.password && !problems.repeat && values.password !== values.repeat) problems.repeat = R.mismatch;
    setErrors(problems);
    if (Object.keys(problems).length) return focusFirstInvalid(Object.keys(problems).map((k) => `reset-${k}`));
    setBusy(true);
    setResult(null);
    try {
      const user = unwrap((await request(resetPassword, { tokenValue: data.token, newPassword: values.password })).resetPassword);
      if (!user.id) throw new Error('no id');
      await signedIn();
      setResult({ kind: 'success', text: R.success });
    } catch (error) {
      const code = errorCodeOf(error);
      setResult({
        kind: 'error',
        text: accountMessage(error, R.failed),
        tokenProblem: code === 'PASSWORD_RESET_TOKEN_INVALID_ERROR' || code === 'PASSWORD_RESET_TOKEN_EXPIRED_ERROR',
      });
    } finally {
      setBusy(false);
    }
  };

  if (result?.kind === 'success') {
    return (
      <div className="token-page">
        <h1>{R.title}</h1>
        <FormMessage kind="success">{result.text}</FormMessage>
        <p>
          <a className="button" href="/my-account">
            {accountTexts.verify.toAccount}
          </a>
        </p>
      </div>
    );
  }
  return (
    <div className="token-page">
      <h1>{R.title}</h1>
      {data.token && (
        <form className="account-form" noValidate onSubmit={(e) => void onSubmit(e)}>
          <Field
            id="reset-password"
            label={R.password}
            type="password"
            autoComplete="new-password"
            value={values.password}
            onValue={(v) => setValues((s) => ({ ...s, password: v }))}
            error={errors.password}
            hint={accountTexts.register.passwordHint}
          />
          <Field
            id="reset-repeat"
            label={R.repeat}
            type="password"
            autoComplete="new-password"
            value={values.repeat}
            onValue={(v) => setValues((s) => ({ ...s, repeat: v }))}
            error={errors.repeat}
          />
          {result && <FormMessage kind="error">{result.text}</FormMessage>}
          <button type="submit" className="button" disabled={busy}>
            {busy ? accountTexts.area.saving : R.submit}
          </button>
        </form>
      )}
      {!data.token && result && <FormMessage kind="error">{result.text}</FormMessage>}
      {result?.tokenProblem && (
        <p>
          <button type="button" className="button button--ghost" onClick={() => openPanel('login', 'forgottenPassword')}>
            {R.requestNew}
          </button>
        </p>
      )}
    </div>
  );
}
