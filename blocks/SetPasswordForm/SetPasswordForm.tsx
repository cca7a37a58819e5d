import type { CustomValidator, FormValidation, UiSchema } from '@rjsf/utils';
import { useEffect, useId, useMemo, useState } from 'react';
import {
  errorKey,
  failureCode,
  preloadApi,
  RouteLink,
  SchemaForm,
  useAccountLifecycle,
  useFormSubmit,
  useNavigateToRoute,
  useRoute,
  useT,
} from '../../runtime/index.ts';
import type { ValidateResetPasswordResponse } from '../../schemas/account.ts';
import type { ErrorCode } from '../../schemas/errors.ts';
import type { SetPasswordData } from '../../schemas/forms/setPassword.ts';
import form from '../shared/AccountForm.module.css';
import panel from '../shared/Panel.module.css';
import { NEW_PASSWORD_FIELD_OF_CODE, validateNewPassword } from '../shared/passwordFieldErrors.ts';
import { usePasswordRules } from '../shared/usePasswordRules.ts';
import type { SetPasswordFormProps } from './schema.ts';

/** Answers that mean the link itself is dead: the form gives way to what to do next. */
const DEAD_LINK: readonly ErrorCode[] = ['PSOF0201', 'PSOF0209', 'PSOF0203', 'PSOF0205', 'PSOF0206'];

type LinkState =
  | { kind: 'checking' }
  | { kind: 'valid'; link: ValidateResetPasswordResponse }
  | { kind: 'dead'; code: ErrorCode };

/** Refusals of the server shown at their field (a rule of the new password, a confirmation that differs). */
const FIELD_FAILURES = { fieldOfCode: NEW_PASSWORD_FIELD_OF_CODE } as const;

/**
 * The target of the welcome mail (purpose `welcome`, CompleteRegistration) and the reset mail (`reset`,
 * SetPassword): checks the link's `token` (PUT /account/validateResetPassword), then sets the password
 * (PUT /account/resetPassword), which logs in (SPEC 4) and leads to the personal area. An expired link
 * offers "forgot password" (PSOF0201), a used one says so (PSOF0209). The form is the `setPassword` schema
 * (schemas/forms/setPassword.ts); the mandant's password rules are listed under the field and checked in
 * customValidate.
 */
export function SetPasswordForm({ purpose, headline, intro }: SetPasswordFormProps) {
  const t = useT();
  const { validateResetLink, resetPassword } = useAccountLifecycle();
  const { params } = useRoute();
  const navigateTo = useNavigateToRoute();
  const rules = usePasswordRules();
  const submit = useFormSubmit(FIELD_FAILURES);
  const id = useId();
  const idPrefix = `${id}-form`;
  const token = params.token ?? '';
  const [state, setState] = useState<LinkState>({ kind: 'checking' });
  const [formData, setFormData] = useState<SetPasswordData>({});

  useEffect(() => {
    let current = true;
    // The catalogue's texts load with the client: a dead link's message must be there when it shows.
    void Promise.all([validateResetLink(token), preloadApi()]).then(
      ([link]) => current && setState({ kind: 'valid', link }),
      (error: unknown) =>
        void preloadApi().then(() => current && setState({ kind: 'dead', code: failureCode(error) })),
    );
    return () => {
      current = false;
    };
  }, [token, validateResetLink]);

  const passwordLabel = t(purpose === 'welcome' ? 'password.choose' : 'password.new');
  const confirmLabel = t('password.confirm');
  const uiSchema = useMemo<UiSchema<SetPasswordData>>(
    () => ({
      Password: {
        'ui:title': passwordLabel,
        'ui:widget': 'passwordRules',
        'ui:autocomplete': 'new-password',
        'ui:options': { rules },
      },
      PasswordConfirm: {
        'ui:title': confirmLabel,
        'ui:widget': 'passwordRules',
        'ui:autocomplete': 'new-password',
      },
    }),
    [passwordLabel, confirmLabel, rules],
  );
  const customValidate = useMemo<CustomValidator<SetPasswordData>>(
    () => (data, errors, _uiSchema, errorSchema) =>
      validateNewPassword(t, rules, data, errors, errorSchema) as FormValidation<SetPasswordData>,
    [t, rules],
  );

  async function save(values: SetPasswordData) {
    const outcome = await submit.run(
      () =>
        resetPassword({
          Token: token,
          Password: values.Password ?? '',
          PasswordConfirm: values.PasswordConfirm ?? '',
        }),
      (code) => (DEAD_LINK.includes(code) ? null : undefined),
    );
    if (!outcome) return;
    if (outcome.ok) {
      navigateTo('Dashboard', { replace: true, locale: outcome.value.Language });
      return;
    }
    if (DEAD_LINK.includes(outcome.code)) setState({ kind: 'dead', code: outcome.code });
  }

  const title = headline ?? `setPassword.${purpose}.headline`;
  return (
    <section className={panel.panel} aria-labelledby={`${id}-headline`}>
      <div className="container">
        <h1 id={`${id}-headline`}>{t(title)}</h1>
        {state.kind === 'checking' && <p role="status">{t('setPassword.checking')}</p>}
        {state.kind === 'dead' && (
          <>
            <p className={panel.alert} role="alert">
              {t(errorKey(state.code))}
            </p>
            <div className={panel.actions}>
              <RouteLink to="ForgotPassword" className="button">
                {t('setPassword.requestNewLink')}
              </RouteLink>
              <RouteLink to="Login">{t('setPassword.toLogin')}</RouteLink>
            </div>
          </>
        )}
        {state.kind === 'valid' && (
          <>
            <p>{t(intro ?? `setPassword.${purpose}.intro`, { vorname: state.link.Vorname })}</p>
            <p className={form.hint}>{t('setPassword.account', { email: state.link.Email })}</p>
            <SchemaForm<SetPasswordData>
              form="setPassword"
              idPrefix={idPrefix}
              labelledBy={`${id}-headline`}
              uiSchema={uiSchema}
              formData={formData}
              customValidate={customValidate}
              submit={submit}
              submitLabel={`setPassword.${purpose}.submit`}
              busyLabel="setPassword.submitting"
              onChange={setFormData}
              onSubmit={save}
            >
              {/* Lets password managers store the new password under the right account. */}
              <input
                type="email"
                name="username"
                autoComplete="username"
                value={state.link.Email}
                readOnly
                hidden
              />
            </SchemaForm>
          </>
        )}
      </div>
    </section>
  );
}
