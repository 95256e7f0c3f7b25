import type { FormEvent } from 'react';
import { accountMessage, errorCodeOf } from './account-errors';
import { Field } from '../../client/components/form/Field';
import { useForm } from '../../client/components/form/use-form';
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
interface Result {
  kind: 'error' | 'success';
  text: string;
  tokenProblem?: boolean;
}

export default function PasswordResetPage({ data }: PageProps<PasswordResetData>) {
  const request = useSession((s) => s.request);
  const signedIn = useSession((s) => s.signedIn);
  const openPanel = usePanels((s) => s.openPanel);
  const form = useForm<{ password: string; repeat: string }, 'password' | 'repeat', Result>({
    initial: { password: '', repeat: '' },
    fieldId: (k) => `reset-${k}`,
    rules: (values) => {
      const problems = validate(values, { password: [passwordRule], repeat: [required] });
      if (!problems.password && !problems.repeat && values.password !== values.repeat) problems.repeat = R.mismatch;
      return problems;
    },
    messageOf: (error) => {
      const code = errorCodeOf(error);
      return {
        kind: 'error',
        text: accountMessage(error, R.failed),
        tokenProblem: code === 'PASSWORD_RESET_TOKEN_INVALID_ERROR' || code === 'PASSWORD_RESET_TOKEN_EXPIRED_ERROR',
      };
    },
  });
  const { values, busy, message, setMessage } = form;
  const result: Result | null = data.token ? message : { kind: 'error', text: R.noToken, tokenProblem: true };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate()) return;
    const done = await form.submit(async () => {
      const user = unwrap((await request(resetPassword, { tokenValue: data.token, newPassword: values.password })).resetPassword);
      if (!user.id) throw new Error('no id');
      await signedIn();
    });
    if (done) setMessage({ kind: 'success', text: R.success });
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
            {...form.field('password')}
            label={R.password}
            type="password"
            autoComplete="new-password"
            hint={accountTexts.register.passwordHint}
          />
          <Field {...form.field('repeat')} label={R.repeat} type="password" autoComplete="new-password" />
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
