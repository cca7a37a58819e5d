import type { UiSchema } from '@rjsf/utils';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  preloadApi,
  RouteLink,
  SchemaForm,
  useAccountLifecycle,
  useFormSubmit,
  useT,
} from '../../runtime/index.ts';
import type { ForgotPasswordData } from '../../schemas/forms/forgotPassword.ts';
import panel from '../shared/Panel.module.css';
import type { ForgotPasswordFormProps } from './schema.ts';

/**
 * Forgot password (SPEC 2 ForgotPassword, SPEC 7 GET /account/resetPassword/{id}): asks for the e-mail
 * (SchemaForm, schemas/forms/forgotPassword.ts) and says a mail is on its way. Whether the address is
 * registered is told in that mail only — the page says the same for every address, so it cannot be used to
 * test whose address has an account. `audience: agency` (AgencyForgotPassword) asks for an agency user's
 * reset mail instead (PUT agentur/passwortVergessen) and leads back to the agency login.
 */
export function ForgotPasswordForm({ headline, intro, audience = 'recommender' }: ForgotPasswordFormProps) {
  const t = useT();
  const { requestPasswordReset, requestAgencyPasswordReset } = useAccountLifecycle();
  const agency = audience === 'agency';
  const texts = agency ? 'forgotPassword.agency' : 'forgotPassword';
  const loginRoute = agency ? 'AgencyLogin' : 'Login';
  const id = useId();
  const sentRef = useRef<HTMLParagraphElement>(null);
  const submit = useFormSubmit();
  const [formData, setFormData] = useState<ForgotPasswordData>({});
  const [sentTo, setSentTo] = useState<string | null>(null);

  useEffect(() => {
    void preloadApi();
  }, []);

  useEffect(() => {
    if (sentTo) sentRef.current?.focus();
  }, [sentTo]);

  const uiSchema = useMemo<UiSchema<ForgotPasswordData>>(
    () => ({
      Email: { 'ui:title': t('forgotPassword.email'), 'ui:widget': 'email', 'ui:autocomplete': 'email' },
    }),
    [t],
  );

  async function send(data: ForgotPasswordData) {
    const email = data.Email ?? '';
    const outcome = await submit.run(() =>
      agency ? requestAgencyPasswordReset(email) : requestPasswordReset(email),
    );
    if (outcome?.ok) setSentTo(outcome.value.Email);
  }

  const headingId = `${id}-headline`;
  return (
    <section className={panel.panel} aria-labelledby={headingId}>
      <div className="container">
        <h1 id={headingId}>{t(headline ?? `${texts}.headline`)}</h1>
        {sentTo ? (
          <>
            <p ref={sentRef} tabIndex={-1}>
              {t(`${texts}.sent`, { email: sentTo })}
            </p>
            <div className={panel.actions}>
              <RouteLink to={loginRoute} className="button">
                {t('forgotPassword.toLogin')}
              </RouteLink>
            </div>
          </>
        ) : (
          <>
            <p>{t(intro ?? `${texts}.intro`)}</p>
            <SchemaForm<ForgotPasswordData>
              form="forgotPassword"
              idPrefix={`${id}-forgot`}
              labelledBy={headingId}
              uiSchema={uiSchema}
              formData={formData}
              submit={submit}
              submitLabel="forgotPassword.submit"
              busyLabel="forgotPassword.submitting"
              onChange={setFormData}
              onSubmit={send}
            />
            <div className={panel.actions}>
              <RouteLink to={loginRoute}>{t('forgotPassword.toLogin')}</RouteLink>
              {/* Agency staff are added by their agency's owner: no registration to offer. */}
              {!agency && <RouteLink to="Registration">{t('forgotPassword.toRegistration')}</RouteLink>}
            </div>
          </>
        )}
      </div>
    </section>
  );
}
