import { type FormEvent, useState } from 'react';
import { login, registerCustomerAccount, requestPasswordReset } from '../../client/graphql/auth.graphql';
import { unwrap } from '../../client/graphql/errors';
import { email as emailRule, required, validate } from '../../client/lib/forms/validation';
import type { LoginScreen } from '../../client/stores/panels.store';
import { useNotifications, usePanels, useSession } from '../../client/stores/StoresProvider';
import { accountTexts } from './account.texts';
import { accountMessage, challengeOf, errorCodeOf } from './account-errors';
import type { Challenge } from '../../client/lib/shop-api';
import { Checkbox } from '../../client/components/form/Checkbox';
import { Field } from '../../client/components/form/Field';
import { useForm } from '../../client/components/form/use-form';
import { FormMessage } from '../../client/components/form/FormMessage';
import { passwordRule } from './account-rules';
import { Panel } from '../../client/components/ui/Panel';
import { TurnstileChallenge } from './TurnstileChallenge';

const T = accountTexts;

/**
 * The login modal (panel `login`, spec §2/§4), loaded on its first open. Screens: login,
 * register, forgottenPassword, thankYouAfterForgotten, thankYouRegistration; the screen lives
 * in the panels store so any button can open the modal on a given screen. Rendered only while
 * open, so closing forgets what was typed (and the store resets the screen to login).
 */
export default function LoginModal() {
  const open = usePanels((s) => s.open === 'login');
  return open ? <LoginDialog /> : null;
}

const TITLES: Record<LoginScreen, string> = {
  login: T.login.title,
  register: T.register.title,
  forgottenPassword: T.forgotten.title,
  thankYouAfterForgotten: T.thankYouAfterForgotten.title,
  thankYouRegistration: T.thankYouRegistration.title,
};

function LoginDialog() {
  const screen = usePanels((s) => s.loginScreen);
  const openPanel = usePanels((s) => s.openPanel);
  const close = usePanels((s) => s.close);
  // The e-mail travels between screens (login ⇄ register ⇄ forgotten, the thank-you texts).
  const [email, setEmail] = useState('');
  const go = (next: LoginScreen) => openPanel('login', next);
  return (
    <Panel title={TITLES[screen]} closeLabel={T.modal.close} onClose={close} variant="modal" className="login-modal">
      {screen === 'login' && <LoginForm email={email} setEmail={setEmail} go={go} />}
      {screen === 'register' && <RegisterForm email={email} setEmail={setEmail} go={go} />}
      {screen === 'forgottenPassword' && <ForgottenForm email={email} setEmail={setEmail} go={go} />}
      {screen === 'thankYouRegistration' && (
        <div className="login-modal__thanks">
          <p>{T.thankYouRegistration.text(email)}</p>
          <button type="button" className="button" onClick={() => go('login')}>
            {T.thankYouRegistration.toLogin}
          </button>
        </div>
      )}
      {screen === 'thankYouAfterForgotten' && (
        <div className="login-modal__thanks">
          <p>{T.thankYouAfterForgotten.text(email)}</p>
          <button type="button" className="button" onClick={close}>
            {T.thankYouAfterForgotten.close}
          </button>
        </div>
      )}
    </Panel>
  );
}

interface ScreenProps {
  email: string;
  setEmail(value: string): void;
  go(screen: LoginScreen): void;
}

/** A failed submit's message under the form, and the backend's error code (offers depend on it). */
interface Failure {
  text: string;
  code: string | null;
}

const failure =
  (fallback: string) =>
  (error: unknown): Failure => ({ text: accountMessage(error, fallback), code: errorCodeOf(error) });

function LoginForm({ email, setEmail, go }: ScreenProps) {
  const form = useForm<{ password: string }, 'login-email' | 'login-password', Failure>({
    initial: { password: '' },
    messageOf: failure(T.login.failed),
  });
  const { password } = form.values;
  // After many failures for this account the worker asks for Turnstile (403 CHALLENGE_REQUIRED); each
  // refused attempt after it is a new round, which resets the widget (its tokens are single-use).
  const [challenge, setChallenge] = useState<(Challenge & { round: number }) | null>(null);
  const request = useSession((s) => s.request);
  const signedIn = useSession((s) => s.signedIn);
  const close = usePanels((s) => s.close);
  const notify = useNotifications((s) => s.notify);

  /** The login with what is typed; `token`: the widget's, when the worker asked for the challenge. */
  const attempt = (token?: string) =>
    void form.submit(async () => {
      const options = token ? { headers: { 'X-Turnstile-Token': token } } : undefined;
      try {
        unwrap((await request(login, { username: email.trim(), password, rememberMe: true }, options)).login);
      } catch (error) {
        const asked = challengeOf(error);
        if (asked || (token && challenge)) {
          setChallenge((current) => ({ ...(asked ?? current!), round: (current?.round ?? 0) + 1 }));
        }
        throw error;
      }
      await signedIn();
      close();
      notify({ message: T.login.success, kind: 'success' });
    });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problems = validate(
      { 'login-email': email, 'login-password': password },
      { 'login-email': [emailRule], 'login-password': [required] },
    );
    if (form.report(problems)) return;
    attempt();
  };

  return (
    <form className="login-form" noValidate onSubmit={onSubmit}>
      <Field
        id="login-email"
        label={T.login.email}
        type="email"
        autoComplete="username"
        inputMode="email"
        value={email}
        onValue={setEmail}
        error={form.errors['login-email']}
      />
      <Field
        id="login-password"
        label={T.login.password}
        type="password"
        autoComplete="current-password"
        value={password}
        onValue={form.set('password')}
        error={form.errors['login-password']}
      />
      {form.message && (
        <FormMessage id="login-message" kind="error">
          {form.message.text}
        </FormMessage>
      )}
      {challenge && (
        <TurnstileChallenge
          challenge={challenge}
          round={challenge.round}
          describedBy={form.message ? 'login-message' : undefined}
          onToken={attempt}
        />
      )}
      <button type="submit" className="button login-form__submit" disabled={form.busy}>
        {form.busy ? T.modal.sending : T.login.submit}
      </button>
      <button type="button" className="link-button" onClick={() => go('forgottenPassword')}>
        {T.login.forgotten}
      </button>
      <p className="login-form__switch">
        {T.login.noAccount}{' '}
        <button type="button" className="link-button" onClick={() => go('register')}>
          {T.login.toRegister}
        </button>
      </p>
    </form>
  );
}

type RegisterField = 'register-email' | 'register-firstName' | 'register-lastName' | 'register-password';

function RegisterForm({ email, setEmail, go }: ScreenProps) {
  const form = useForm<
    { firstName: string; lastName: string; password: string; consent: boolean },
    RegisterField | 'register-consent',
    Failure
  >({
    initial: { firstName: '', lastName: '', password: '', consent: false },
    messageOf: failure(T.register.failed),
  });
  const { values, set, errors } = form;
  const request = useSession((s) => s.request);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problems: Partial<Record<RegisterField | 'register-consent', string>> = validate<RegisterField>(
      {
        'register-email': email,
        'register-firstName': values.firstName,
        'register-lastName': values.lastName,
        'register-password': values.password,
      },
      {
        'register-email': [emailRule],
        'register-firstName': [required],
        'register-lastName': [required],
        'register-password': [passwordRule],
      },
    );
    if (!values.consent) problems['register-consent'] = T.register.consentRequired;
    if (form.report(problems)) return;
    void form.submit(async () => {
      const input = {
        emailAddress: email.trim(),
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        password: values.password,
      };
      unwrap((await request(registerCustomerAccount, { input })).registerCustomerAccount);
      go('thankYouRegistration');
    });
  };

  return (
    <form className="login-form" noValidate onSubmit={onSubmit}>
      <Field
        id="register-email"
        label={T.register.email}
        type="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        onValue={setEmail}
        error={errors['register-email']}
      />
      <Field
        id="register-firstName"
        label={T.register.firstName}
        type="text"
        autoComplete="given-name"
        value={values.firstName}
        onValue={set('firstName')}
        error={errors['register-firstName']}
      />
      <Field
        id="register-lastName"
        label={T.register.lastName}
        type="text"
        autoComplete="family-name"
        value={values.lastName}
        onValue={set('lastName')}
        error={errors['register-lastName']}
      />
      <Field
        id="register-password"
        label={T.register.password}
        type="password"
        autoComplete="new-password"
        value={values.password}
        onValue={set('password')}
        error={errors['register-password']}
        hint={T.register.passwordHint}
      />
      <Checkbox
        id="register-consent"
        label={T.register.consent}
        checked={values.consent}
        onValue={set('consent')}
        error={errors['register-consent']}
      />
      {form.message && (
        <FormMessage kind="error">
          <p>{form.message.text}</p>
          {form.message.code === 'EMAIL_ADDRESS_CONFLICT_ERROR' && (
            <p className="form-message__actions">
              <button type="button" className="link-button" onClick={() => go('login')}>
                {T.register.conflictLogin}
              </button>
              <button type="button" className="link-button" onClick={() => go('forgottenPassword')}>
                {T.register.conflictReset}
              </button>
            </p>
          )}
        </FormMessage>
      )}
      <button type="submit" className="button login-form__submit" disabled={form.busy}>
        {form.busy ? T.modal.sending : T.register.submit}
      </button>
      <p className="login-form__switch">
        {T.register.haveAccount}{' '}
        <button type="button" className="link-button" onClick={() => go('login')}>
          {T.register.toLogin}
        </button>
      </p>
    </form>
  );
}

function ForgottenForm({ email, setEmail, go }: ScreenProps) {
  const form = useForm<Record<string, never>, 'forgotten-email', Failure>({ initial: {}, messageOf: failure(T.reset.failed) });
  const request = useSession((s) => s.request);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (form.report({ 'forgotten-email': emailRule(email) ?? undefined })) return;
    void form.submit(async () => {
      unwrap((await request(requestPasswordReset, { emailAddress: email.trim() })).requestPasswordReset!);
      go('thankYouAfterForgotten');
    });
  };

  return (
    <form className="login-form" noValidate onSubmit={onSubmit}>
      <p>{T.forgotten.intro}</p>
      <Field
        id="forgotten-email"
        label={T.forgotten.email}
        type="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        onValue={setEmail}
        error={form.errors['forgotten-email']}
      />
      {form.message && <FormMessage kind="error">{form.message.text}</FormMessage>}
      <button type="submit" className="button login-form__submit" disabled={form.busy}>
        {form.busy ? T.modal.sending : T.forgotten.submit}
      </button>
      <button type="button" className="link-button" onClick={() => go('login')}>
        {T.forgotten.back}
      </button>
    </form>
  );
}
