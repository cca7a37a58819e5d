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
  useLocation,
  useNavigateToRoute,
  useRoute,
  useT,
} from '../../runtime/index.ts';
import type { ValidateResetPasswordResponse } from '../../schemas/account.ts';
import type { ErrorCode } from '../../schemas/errors.ts';
import type { SetPasswordData } from '../../schemas/forms/setPassword.ts';
import form from '../shared/AccountForm.module.css';
import panel from '../shared/Panel.module.css';
import {
  NEW_PASSWORD_FIELD_OF_CODE,
  newPasswordUiSchema,
  validateNewPassword,
} from '../shared/passwordFieldErrors.ts';
import { usePasswordRules } from '../shared/usePasswordRules.ts';
import type { SetPasswordFormProps } from './schema.ts';

/** Answers that mean the link itself is dead: the form gives way to what to do next. */
const DEAD_LINK: readonly ErrorCode[] = [
  'PSOF0201',
  'PSOF0209',
  'PSOF0203',
  'PSOF0205',
  'PSOF0206',
  'PSOF0613',
];

type LinkState =
  | { kind: 'checking' }
  /** `link` null: an agency link, which is checked only when used. */
  | { kind: 'valid'; link: ValidateResetPasswordResponse | null }
  | { kind: 'dead'; code: ErrorCode };

/** Refusals of the server shown at their field (a rule of the new password, a confirmation that differs). */
const FIELD_FAILURES = { fieldOfCode: NEW_PASSWORD_FIELD_OF_CODE } as const;

/**
 * The target of the welcome mail (purpose `welcome`, CompleteRegistration) and the reset mail (`reset`,
 * SetPassword): checks the link's `token` (PUT /account/validateResetPassword), then sets the password
 * (PUT /account/resetPassword), which logs in (SPEC 4) and leads to the personal area. An expired link
 * offers "forgot password" (PSOF0201), a used one says so (PSOF0209). The form is the `setPassword` schema
 * (schemas/forms/setPassword.ts); the mandant's password rules are listed under the field and checked in
 * customValidate. `audience: agency` (AgencySetPassword, AgencyResetPassword) sets an agency user's password
 * (PUT agentur/passwortSetzen, checked when used), signs in to the agency area and leads there.
 */
/**
 * Where a recommender's link may lead once the password is set (`?ziel=`, a route name): a profi-seller's
 * welcome mail goes on to the seller's overview (server/profi/account/profiMails.ts). Anything else: the
 * personal area.
 */
const AFTER_SET_PASSWORD: readonly string[] = ['ProfiOverview'];

export function SetPasswordForm({
  purpose,
  headline,
  intro,
  audience = 'recommender',
}: SetPasswordFormProps) {
  const t = useT();
  const { validateResetLink, resetPassword, setAgencyPassword } = useAccountLifecycle();
  const agency = audience === 'agency';
  const texts = agency ? `setPassword.agency.${purpose}` : `setPassword.${purpose}`;
  const { params } = useRoute();
  const { search } = useLocation();
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
    // An agency link is not checked ahead: it is checked when used, and a dead one says so then.
    if (agency) {
      void preloadApi().then(() => current && setState({ kind: 'valid', link: null }));
      return () => {
        current = false;
      };
    }
    // The catalogue's texts load with the client: a dead link's message must be there when it shows.
    void Promise.all([validateResetLink(token), preloadApi()]).then(
      ([link]) => current && setState({ kind: 'valid', link }),
      (error: unknown) =>
        void preloadApi().then(() => current && setState({ kind: 'dead', code: failureCode(error) })),
    );
    return () => {
      current = false;
    };
  }, [token, validateResetLink, agency]);

  const passwordLabel = t(purpose === 'welcome' ? 'password.choose' : 'password.new');
  const confirmLabel = t('password.confirm');
  const uiSchema = useMemo<UiSchema<SetPasswordData>>(
    () => newPasswordUiSchema({ password: passwordLabel, confirm: confirmLabel }, rules),
    [passwordLabel, confirmLabel, rules],
  );
  const customValidate = useMemo<CustomValidator<SetPasswordData>>(
    () => (data, errors, _uiSchema, errorSchema) =>
      validateNewPassword(t, rules, data, errors, errorSchema) as FormValidation<SetPasswordData>,
    [t, rules],
  );

  async function save(values: SetPasswordData) {
    const body = {
      Token: token,
      Password: values.Password ?? '',
      PasswordConfirm: values.PasswordConfirm ?? '',
    };
    const outcome = await submit.run(
      async () =>
        agency
          ? { agency: await setAgencyPassword(body), user: null }
          : { agency: null, user: await resetPassword(body) },
      (code) => (DEAD_LINK.includes(code) ? null : undefined),
    );
    if (!outcome) return;
    if (outcome.ok) {
      const { user } = outcome.value;
      const wanted = new URLSearchParams(search).get('ziel') ?? '';
      const next = AFTER_SET_PASSWORD.includes(wanted) ? wanted : 'Dashboard';
      if (user) navigateTo(next, { replace: true, locale: user.Language });
      else navigateTo('AgencyArea', { replace: true });
      return;
    }
    if (DEAD_LINK.includes(outcome.code)) setState({ kind: 'dead', code: outcome.code });
  }

  const title = headline ?? `${texts}.headline`;
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
              <RouteLink to={agency ? 'AgencyForgotPassword' : 'ForgotPassword'} className="button">
                {t('setPassword.requestNewLink')}
              </RouteLink>
              <RouteLink to={agency ? 'AgencyLogin' : 'Login'}>{t('setPassword.toLogin')}</RouteLink>
            </div>
          </>
        )}
        {state.kind === 'valid' && (
          <>
            <p>{t(intro ?? `${texts}.intro`, { vorname: state.link?.Vorname ?? '' })}</p>
            {state.link && (
              <p className={form.hint}>{t('setPassword.account', { email: state.link.Email })}</p>
            )}
            <SchemaForm<SetPasswordData>
              form="setPassword"
              idPrefix={idPrefix}
              labelledBy={`${id}-headline`}
              uiSchema={uiSchema}
              formData={formData}
              customValidate={customValidate}
              submit={submit}
              submitLabel={`${texts}.submit`}
              busyLabel="setPassword.submitting"
              onChange={setFormData}
              onSubmit={save}
            >
              {/* Lets password managers store the new password under the right account. */}
              {state.link && (
                <input
                  type="email"
                  name="username"
                  autoComplete="username"
                  value={state.link.Email}
                  readOnly
                  hidden
                />
              )}
            </SchemaForm>
          </>
        )}
      </div>
    </section>
  );
}
