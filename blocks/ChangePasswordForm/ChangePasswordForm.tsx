import type { CustomValidator, FormValidation, UiSchema } from '@rjsf/utils';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  errorKey,
  preloadApi,
  RouteLink,
  SchemaForm,
  useAccountLifecycle,
  useFormSubmit,
  useSession,
  useT,
} from '../../runtime/index.ts';
import type { ErrorCode } from '../../schemas/errors.ts';
import type { ChangePasswordData } from '../../schemas/forms/changePassword.ts';
import form from '../shared/AccountForm.module.css';
import panel from '../shared/Panel.module.css';
import {
  NEW_PASSWORD_FIELD_OF_CODE,
  newPasswordUiSchema,
  validateNewPassword,
} from '../shared/passwordFieldErrors.ts';
import { usePasswordRules } from '../shared/usePasswordRules.ts';
import type { ChangePasswordFormProps } from './schema.ts';

/** Failures that are ours, not the user's: SPEC 8's "Fehler: Passwort konnte nicht geändert werden …". */
const TECHNICAL: readonly ErrorCode[] = ['PSOF0001', 'PSOF0002', 'PSOF0003', 'PSOF0223'];

/** Refusals of the server shown at their field: a wrong current password, a rule of the new one. */
const FIELD_FAILURES = { fieldOfCode: { ...NEW_PASSWORD_FIELD_OF_CODE, PSOF0224: 'OldPassword' } } as const;

/**
 * Change password (SPEC 2 ChangePassword, login required): current password, new password and its
 * confirmation (PUT /account/resetPasswordWithoutToken), the `changePassword` schema
 * (schemas/forms/changePassword.ts) whose data is the request body. Success says SPEC's 'Passwort
 * erfolgreich geändert.'; the server ends every other session and this one continues with the token it
 * answers. `audience: agency` (AgencyChangePassword) changes the signed-in agency user's password
 * (PUT agentur/passwortAendern) and keeps the agency session with its new token.
 */
export function ChangePasswordForm({
  headline = 'changePassword.headline',
  intro,
  audience = 'recommender',
}: ChangePasswordFormProps) {
  const t = useT();
  const { user, agencyUser } = useSession();
  const { changePassword, changeAgencyPassword } = useAccountLifecycle();
  const agency = audience === 'agency';
  const email = agency ? agencyUser?.Email : user?.Email;
  const rules = usePasswordRules();
  const submit = useFormSubmit(FIELD_FAILURES);
  const id = useId();
  const idPrefix = `${id}-form`;
  const successRef = useRef<HTMLParagraphElement>(null);
  const [formData, setFormData] = useState<ChangePasswordData>({});
  const [changed, setChanged] = useState(false);

  useEffect(() => {
    void preloadApi();
  }, []);

  useEffect(() => {
    if (changed) successRef.current?.focus();
  }, [changed]);

  const labels = useMemo(
    () => ({ current: t('password.current'), password: t('password.new'), confirm: t('password.confirm') }),
    [t],
  );
  const uiSchema = useMemo<UiSchema<ChangePasswordData>>(
    () => ({
      OldPassword: {
        'ui:title': labels.current,
        'ui:widget': 'passwordRules',
        'ui:autocomplete': 'current-password',
      },
      ...newPasswordUiSchema(labels, rules),
    }),
    [labels, rules],
  );
  const customValidate = useMemo<CustomValidator<ChangePasswordData>>(
    () => (data, errors, _uiSchema, errorSchema) => {
      validateNewPassword(t, rules, data, errors, errorSchema);
      return errors as FormValidation<ChangePasswordData>;
    },
    [t, rules],
  );

  async function save(values: ChangePasswordData) {
    setChanged(false);
    const body = {
      OldPassword: values.OldPassword ?? '',
      Password: values.Password ?? '',
      PasswordConfirm: values.PasswordConfirm ?? '',
    };
    const outcome = await submit.run(
      async () => {
        await (agency ? changeAgencyPassword(body) : changePassword(body));
      },
      (code) => (TECHNICAL.includes(code) ? t(errorKey('PSOF0223')) : undefined),
    );
    if (!outcome) return;
    if (outcome.ok) {
      setFormData({});
      setChanged(true);
    }
  }

  return (
    <section className={panel.panel} aria-labelledby={`${id}-headline`}>
      <div className="container">
        <h1 id={`${id}-headline`}>{t(headline)}</h1>
        <p>{t(intro ?? (agency ? 'changePassword.agency.intro' : 'changePassword.intro'))}</p>
        {changed && (
          <p ref={successRef} tabIndex={-1} className={form.success} role="status">
            {t('changePassword.success')} {t('changePassword.otherSessions')}
          </p>
        )}
        <SchemaForm<ChangePasswordData>
          form="changePassword"
          idPrefix={idPrefix}
          labelledBy={`${id}-headline`}
          uiSchema={uiSchema}
          formData={formData}
          customValidate={customValidate}
          submit={submit}
          submitLabel="changePassword.submit"
          busyLabel="changePassword.submitting"
          onChange={setFormData}
          onSubmit={save}
        >
          {email && (
            <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          )}
        </SchemaForm>
        <div className={panel.actions}>
          {agency ? (
            <RouteLink to="AgencyArea">{t('changePassword.toAgencyArea')}</RouteLink>
          ) : (
            <RouteLink to="Dashboard">{t('changePassword.toDashboard')}</RouteLink>
          )}
        </div>
      </div>
    </section>
  );
}
