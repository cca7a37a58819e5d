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
import type { EinladungAnsicht } from '../../schemas/agency.ts';
import type { ErrorCode } from '../../schemas/errors.ts';
import type { InvitationRegistrationData } from '../../schemas/forms/invitationRegistration.ts';
import form from '../shared/AccountForm.module.css';
import panel from '../shared/Panel.module.css';
import {
  NEW_PASSWORD_FIELD_OF_CODE,
  newPasswordUiSchema,
  validateNewPassword,
} from '../shared/passwordFieldErrors.ts';
import { usePasswordRules } from '../shared/usePasswordRules.ts';
import type { InvitationRegistrationProps } from './schema.ts';

/** Answers that mean the link itself is dead (unknown, expired, used, the address registered meanwhile). */
const DEAD_LINK: readonly ErrorCode[] = ['PSOF0632', 'PSOF0633', 'PSOF0634', 'PSOF0630'];

type LinkState =
  | { kind: 'checking' }
  | { kind: 'valid'; invitation: EinladungAnsicht }
  | { kind: 'dead'; code: ErrorCode };

/** Refusals of the server shown at their field (a rule of the password, a confirmation that differs, the box). */
const FIELD_FAILURES = { fieldOfCode: { ...NEW_PASSWORD_FIELD_OF_CODE, PSOF0304: 'Agb' } } as const;

/**
 * The target of an agency's invitation mail (InvitationRegistration, `/einladung/:token`): reads the link
 * (GET Einladung/{token}) to greet the customer, then a password, its confirmation and the terms box
 * (schemas/forms/invitationRegistration.ts) complete the registration as the agency's recommender (POST
 * Einladung/{token}/registrieren), which logs in (like a password reset) and leads to the personal area. A
 * dead link says why and offers the login.
 */
export function InvitationRegistration({ headline, intro }: InvitationRegistrationProps) {
  const t = useT();
  const { viewInvitation, registerWithInvitation } = useAccountLifecycle();
  const { params } = useRoute();
  const navigateTo = useNavigateToRoute();
  const rules = usePasswordRules();
  const submit = useFormSubmit(FIELD_FAILURES);
  const id = useId();
  const token = params.token ?? '';
  const [state, setState] = useState<LinkState>({ kind: 'checking' });
  const [formData, setFormData] = useState<InvitationRegistrationData>({});

  useEffect(() => {
    let current = true;
    // The catalogue's texts load with the client: a dead link's message must be there when it shows.
    void Promise.all([viewInvitation(token), preloadApi()]).then(
      ([invitation]) => current && setState({ kind: 'valid', invitation }),
      (error: unknown) =>
        void preloadApi().then(() => current && setState({ kind: 'dead', code: failureCode(error) })),
    );
    return () => {
      current = false;
    };
  }, [token, viewInvitation]);

  const passwordLabel = t('password.choose');
  const confirmLabel = t('password.confirm');
  const termsLabel = t('invitationRegistration.terms');
  const uiSchema = useMemo<UiSchema<InvitationRegistrationData>>(
    () => ({
      ...newPasswordUiSchema({ password: passwordLabel, confirm: confirmLabel }, rules),
      Agb: { 'ui:title': termsLabel },
    }),
    [passwordLabel, confirmLabel, termsLabel, rules],
  );
  const customValidate = useMemo<CustomValidator<InvitationRegistrationData>>(
    () => (data, errors, _uiSchema, errorSchema) =>
      validateNewPassword(t, rules, data, errors, errorSchema) as FormValidation<InvitationRegistrationData>,
    [t, rules],
  );

  async function save(values: InvitationRegistrationData) {
    const outcome = await submit.run(
      () =>
        registerWithInvitation(token, {
          Password: values.Password ?? '',
          PasswordConfirm: values.PasswordConfirm ?? '',
          Agb: values.Agb === true,
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

  return (
    <section className={panel.panel} aria-labelledby={`${id}-headline`}>
      <div className="container">
        <h1 id={`${id}-headline`}>{t(headline ?? 'invitationRegistration.headline')}</h1>
        {state.kind === 'checking' && <p role="status">{t('invitationRegistration.checking')}</p>}
        {state.kind === 'dead' && (
          <>
            <p className={panel.alert} role="alert">
              {t(errorKey(state.code))}
            </p>
            <div className={panel.actions}>
              <RouteLink to="Login" className="button">
                {t('invitationRegistration.toLogin')}
              </RouteLink>
            </div>
          </>
        )}
        {state.kind === 'valid' && (
          <>
            <p>
              {t('invitationRegistration.greeting', {
                vorname: state.invitation.Vorname,
                nachname: state.invitation.Nachname,
              })}
            </p>
            <p>{t(intro ?? 'invitationRegistration.intro', { agentur: state.invitation.Agentur })}</p>
            <p className={form.hint}>
              {t('invitationRegistration.account', { email: state.invitation.Email })}
            </p>
            <p>
              <RouteLink to="TOS">{t('invitationRegistration.readTerms')}</RouteLink>
            </p>
            <SchemaForm<InvitationRegistrationData>
              form="invitationRegistration"
              idPrefix={`${id}-form`}
              labelledBy={`${id}-headline`}
              uiSchema={uiSchema}
              formData={formData}
              customValidate={customValidate}
              submit={submit}
              submitLabel="invitationRegistration.submit"
              busyLabel="invitationRegistration.submitting"
              onChange={setFormData}
              onSubmit={save}
            >
              {/* Lets password managers store the new password under the right account. */}
              <input
                type="email"
                name="username"
                autoComplete="username"
                value={state.invitation.Email}
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
