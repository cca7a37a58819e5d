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
 * test whose address has an account.
 */
export function ForgotPasswordForm({
  headline = 'forgotPassword.headline',
  intro = 'forgotPassword.intro',
}: ForgotPasswordFormProps) {
  const t = useT();
  const { requestPasswordReset } = useAccountLifecycle();
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
    const outcome = await submit.run(() => requestPasswordReset(data.Email ?? ''));
    if (outcome?.ok) setSentTo(outcome.value.Email);
  }

  const headingId = `${id}-headline`;
  return (
    <section className={panel.panel} aria-labelledby={headingId}>
      <div className="container">
        <h1 id={headingId}>{t(headline)}</h1>
        {sentTo ? (
          <>
            <p ref={sentRef} tabIndex={-1}>
              {t('forgotPassword.sent', { email: sentTo })}
            </p>
            <div className={panel.actions}>
              <RouteLink to="Login" className="button">
                {t('forgotPassword.toLogin')}
              </RouteLink>
            </div>
          </>
        ) : (
          <>
            <p>{t(intro)}</p>
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
              <RouteLink to="Login">{t('forgotPassword.toLogin')}</RouteLink>
              <RouteLink to="Registration">{t('forgotPassword.toRegistration')}</RouteLink>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
