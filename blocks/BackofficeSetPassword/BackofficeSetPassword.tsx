import type { CustomValidator, FormValidation, UiSchema } from '@rjsf/utils';
import { useId, useMemo, useState } from 'react';
import {
  RouteLink,
  SchemaForm,
  setBackofficePassword,
  useFormSubmit,
  useRoute,
  useT,
} from '../../runtime/index.ts';
import type { SetPasswordData } from '../../schemas/forms/setPassword.ts';
import styles from '../shared/backoffice/BackofficeAdmin.module.css';
import {
  NEW_PASSWORD_FIELD_OF_CODE,
  newPasswordUiSchema,
  validateNewPassword,
} from '../shared/passwordFieldErrors.ts';
import { usePasswordRules } from '../shared/usePasswordRules.ts';
import type { BackofficeSetPasswordProps } from './schema.ts';

const FIELD_FAILURES = { fieldOfCode: NEW_PASSWORD_FIELD_OF_CODE } as const;

/**
 * The target of the back-office invitation mail (issue 15): the member chooses a first password with the
 * link's `token` (PUT backoffice/passwortSetzen; the link is checked when used), then signs in on the
 * back-office sign-in page, where the authenticator app is set up.
 */
export function BackofficeSetPassword({
  headline = 'backoffice.setPassword.headline',
  intro = 'backoffice.setPassword.intro',
}: BackofficeSetPasswordProps) {
  const t = useT();
  const id = useId();
  const { params } = useRoute();
  const rules = usePasswordRules();
  const submit = useFormSubmit(FIELD_FAILURES);
  const [formData, setFormData] = useState<SetPasswordData>({});
  const [done, setDone] = useState(false);
  const uiSchema = useMemo<UiSchema<SetPasswordData>>(
    () => newPasswordUiSchema({ password: t('password.choose'), confirm: t('password.confirm') }, rules),
    [t, rules],
  );
  const customValidate = useMemo<CustomValidator<SetPasswordData>>(
    () => (data, errors, _uiSchema, errorSchema) =>
      validateNewPassword(t, rules, data, errors, errorSchema) as FormValidation<SetPasswordData>,
    [t, rules],
  );

  async function save(values: SetPasswordData) {
    const outcome = await submit.run(() =>
      setBackofficePassword({
        Token: params.token ?? '',
        Password: values.Password ?? '',
        PasswordConfirm: values.PasswordConfirm ?? '',
      }),
    );
    if (outcome?.ok) setDone(true);
  }

  return (
    <section className={styles.section} aria-labelledby={`${id}-headline`}>
      <div className="container">
        <h1 id={`${id}-headline`}>{t(headline)}</h1>
        {done ? (
          <>
            <p className={styles.success} role="status">
              {t('backoffice.setPassword.done')}
            </p>
            <p>
              <RouteLink to="BackofficeLogin" className="button">
                {t('backoffice.setPassword.toLogin')}
              </RouteLink>
            </p>
          </>
        ) : (
          <>
            <p>{t(intro)}</p>
            <SchemaForm<SetPasswordData>
              form="setPassword"
              idPrefix={`${id}-form`}
              labelledBy={`${id}-headline`}
              uiSchema={uiSchema}
              formData={formData}
              customValidate={customValidate}
              submit={submit}
              submitLabel="backoffice.setPassword.submit"
              busyLabel="setPassword.submitting"
              onChange={setFormData}
              onSubmit={save}
            />
          </>
        )}
      </div>
    </section>
  );
}
