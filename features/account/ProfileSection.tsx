import type { FormEvent } from 'react';
import { updateCustomer, updateCustomerEmailAddress, updateCustomerPassword } from './customer.graphql';
import { unwrap } from '../../client/graphql/errors';
import { email as emailRule, maxLength, required, type Rule, validate } from '../../client/lib/forms/validation';
import type { AccountCustomer } from './types';
import { accountTexts } from './account.texts';
import { Field, type FieldProps } from '../../client/components/form/Field';
import { useForm } from '../../client/components/form/use-form';
import { FormMessage } from '../../client/components/form/FormMessage';
import { birthDateRule, formatWeight, passwordRule, weightForInput, weightRule } from './account-rules';
import { useAccountAction } from './use-account';

const P = accountTexts.profile;

type ProfileField =
  | 'firstName'
  | 'lastName'
  | 'dataurodzinwlasciciela'
  | 'imiepsa'
  | 'rasapsa'
  | 'wagapsa'
  | 'dataurodzinpsa'
  | 'ulubionazabawkapsa'
  | 'ulubioneprzysmakipsa'
  | 'alergiepsa';

type ProfileValues = Record<ProfileField, string>;

function valuesOf(c: AccountCustomer): ProfileValues {
  const f = c.customFields;
  return {
    firstName: c.firstName,
    lastName: c.lastName,
    dataurodzinwlasciciela: f?.dataurodzinwlasciciela ?? '',
    imiepsa: f?.imiepsa ?? '',
    rasapsa: f?.rasapsa ?? '',
    wagapsa: weightForInput(f?.wagapsa),
    dataurodzinpsa: f?.dataurodzinpsa ?? '',
    ulubionazabawkapsa: f?.ulubionazabawkapsa ?? '',
    ulubioneprzysmakipsa: f?.ulubioneprzysmakipsa ?? '',
    alergiepsa: f?.alergiepsa ?? '',
  };
}

/** Today in the shopper's time zone as RRRR-MM-DD (a birth date cannot be later). */
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Field lengths follow the backend's custom fields (backend/src/custom-fields.ts). */
function profileRules(now: string): Record<ProfileField, readonly Rule[]> {
  const date = birthDateRule(now);
  return {
    firstName: [required, maxLength(60)],
    lastName: [required, maxLength(80)],
    dataurodzinwlasciciela: [date],
    imiepsa: [maxLength(100)],
    rasapsa: [maxLength(100)],
    wagapsa: [weightRule],
    dataurodzinpsa: [date],
    ulubionazabawkapsa: [maxLength(200)],
    ulubioneprzysmakipsa: [maxLength(200)],
    alergiepsa: [maxLength(200)],
  };
}

/** Spec §2 profile: name, the dog profile and the owner's birth date; password and e-mail changes. */
export function ProfileSection({ customer, onChange }: { customer: AccountCustomer; onChange(c: AccountCustomer): void }) {
  return (
    <div className="account-sections">
      <ProfileForm customer={customer} onChange={onChange} />
      <PasswordForm onChange={onChange} />
      <EmailForm customer={customer} onChange={onChange} />
    </div>
  );
}

function ProfileForm({ customer, onChange }: { customer: AccountCustomer; onChange(c: AccountCustomer): void }) {
  const form = useForm<ProfileValues>({ initial: () => valuesOf(customer), rules: (values) => validate(values, profileRules(today())) });
  const { values } = form;
  const action = useAccountAction(onChange);
  const field = (name: ProfileField, label: string, extra: Partial<FieldProps> = {}) => (
    <Field {...form.field(name)} label={label} type="text" {...extra} />
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate()) return;
    void action.run(async () => {
      const { firstName, lastName, wagapsa, ...dog } = values;
      const trimmed = Object.fromEntries(Object.entries(dog).map(([k, v]) => [k, v.trim()]));
      await action.request(updateCustomer, {
        input: { firstName: firstName.trim(), lastName: lastName.trim(), customFields: { ...trimmed, wagapsa: formatWeight(wagapsa) } },
      });
      await action.reload();
      return accountTexts.area.saved;
    });
  };

  return (
    <form className="account-form" noValidate onSubmit={onSubmit} aria-labelledby="profile-personal">
      <fieldset>
        <legend id="profile-personal">{P.personal}</legend>
        <div className="account-form__grid">
          {field('firstName', P.firstName, { autoComplete: 'given-name' })}
          {field('lastName', P.lastName, { autoComplete: 'family-name' })}
          {field('dataurodzinwlasciciela', P.ownerBirthDate, { type: 'date', autoComplete: 'bday', max: today() })}
        </div>
      </fieldset>
      <fieldset>
        <legend>{P.dog}</legend>
        <div className="account-form__grid">
          {field('imiepsa', P.dogName, { autoComplete: 'off', maxLength: 100 })}
          {field('rasapsa', P.breed, { autoComplete: 'off', maxLength: 100 })}
          {field('wagapsa', P.weight, { inputMode: 'decimal', autoComplete: 'off', maxLength: 10 })}
          {field('dataurodzinpsa', P.dogBirthDate, { type: 'date', autoComplete: 'off', max: today() })}
          {field('ulubionazabawkapsa', P.toy, { autoComplete: 'off', maxLength: 200 })}
          {field('ulubioneprzysmakipsa', P.treats, { autoComplete: 'off', maxLength: 200 })}
          {field('alergiepsa', P.allergies, { autoComplete: 'off', maxLength: 200 })}
        </div>
      </fieldset>
      {action.result && <FormMessage kind={action.result.kind}>{action.result.text}</FormMessage>}
      <button type="submit" className="button" disabled={action.busy}>
        {action.busy ? accountTexts.area.saving : accountTexts.area.save}
      </button>
    </form>
  );
}

function PasswordForm({ onChange }: { onChange(c: AccountCustomer): void }) {
  const form = useForm({
    initial: { currentPassword: '', newPassword: '' },
    rules: (values) => validate(values, { currentPassword: [required], newPassword: [passwordRule] }),
  });
  const { values, setValues } = form;
  const action = useAccountAction(onChange);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate()) return;
    void action.run(async () => {
      // A wrong current password comes back as INVALID_CREDENTIALS_ERROR; shown as P.wrongPassword below.
      unwrap((await action.request(updateCustomerPassword, values)).updateCustomerPassword);
      setValues({ currentPassword: '', newPassword: '' });
      return P.passwordChanged;
    });
  };

  return (
    <form className="account-form" noValidate onSubmit={onSubmit}>
      <fieldset>
        <legend>{P.changePassword}</legend>
        <div className="account-form__grid">
          <Field {...form.field('currentPassword')} label={P.currentPassword} type="password" autoComplete="current-password" />
          <Field
            {...form.field('newPassword')}
            label={P.newPassword}
            type="password"
            autoComplete="new-password"
            hint={accountTexts.register.passwordHint}
          />
        </div>
      </fieldset>
      {action.result && (
        <FormMessage kind={action.result.kind}>
          {action.result.text === accountTexts.login.failed ? P.wrongPassword : action.result.text}
        </FormMessage>
      )}
      <button type="submit" className="button" disabled={action.busy}>
        {P.changePasswordSubmit}
      </button>
    </form>
  );
}

function EmailForm({ customer, onChange }: { customer: AccountCustomer; onChange(c: AccountCustomer): void }) {
  const form = useForm({
    initial: { newEmail: '', emailPassword: '' },
    rules: (values) => validate(values, { newEmail: [emailRule], emailPassword: [required] }),
  });
  const { values, setValues } = form;
  const action = useAccountAction(onChange);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate()) return;
    void action.run(async () => {
      const newEmail = values.newEmail.trim();
      unwrap(
        (await action.request(updateCustomerEmailAddress, { newEmail, password: values.emailPassword })).requestUpdateCustomerEmailAddress,
      );
      setValues({ newEmail: '', emailPassword: '' });
      return P.emailRequested(newEmail);
    });
  };

  return (
    <form className="account-form" noValidate onSubmit={onSubmit}>
      <fieldset>
        <legend>{P.changeEmail}</legend>
        <p>
          {P.email}: <strong>{customer.emailAddress}</strong>
        </p>
        <div className="account-form__grid">
          <Field {...form.field('newEmail')} label={P.newEmail} type="email" inputMode="email" autoComplete="email" />
          <Field {...form.field('emailPassword')} label={P.emailPassword} type="password" autoComplete="current-password" />
        </div>
      </fieldset>
      {action.result && (
        <FormMessage kind={action.result.kind}>
          {action.result.text === accountTexts.login.failed ? P.wrongPassword : action.result.text}
        </FormMessage>
      )}
      <button type="submit" className="button" disabled={action.busy}>
        {P.changeEmailSubmit}
      </button>
    </form>
  );
}
