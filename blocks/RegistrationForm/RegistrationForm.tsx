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
import type { RegistrationData } from '../../schemas/forms/registration.ts';
import form from '../shared/AccountForm.module.css';
import panel from '../shared/Panel.module.css';
import type { RegistrationFormProps } from './schema.ts';

/**
 * Registration (SPEC 2 and 7: POST /account/createEmpfehler with Vorname, Nachname, Email), on SchemaForm
 * with schemas/forms/registration.ts — the route's body schema. Afterwards the form gives way to "check your
 * mailbox" with a button to send the welcome mail again. The answer is the same for a new and a registered
 * address — the mail tells which (docs/adr/0009-mail-outbox.md).
 */
export function RegistrationForm({
  headline = 'registration.headline',
  intro = 'registration.intro',
}: RegistrationFormProps) {
  const t = useT();
  const { register, resendWelcomeMail } = useAccountLifecycle();
  const id = useId();
  const sentRef = useRef<HTMLParagraphElement>(null);
  const submit = useFormSubmit();
  const [formData, setFormData] = useState<RegistrationData>({});
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [resent, setResent] = useState(false);

  useEffect(() => {
    void preloadApi();
  }, []);

  useEffect(() => {
    if (sentTo) sentRef.current?.focus();
  }, [sentTo]);

  const uiSchema = useMemo<UiSchema<RegistrationData>>(
    () => ({
      Vorname: { 'ui:title': t('registration.vorname'), 'ui:autocomplete': 'given-name' },
      Nachname: { 'ui:title': t('registration.nachname'), 'ui:autocomplete': 'family-name' },
      Email: { 'ui:title': t('registration.email'), 'ui:widget': 'email', 'ui:autocomplete': 'email' },
    }),
    [t],
  );

  async function send(data: RegistrationData) {
    const outcome = await submit.run(() =>
      register({
        Vorname: data.Vorname?.trim() ?? '',
        Nachname: data.Nachname?.trim() ?? '',
        Email: data.Email?.trim() ?? '',
      }),
    );
    if (outcome?.ok) setSentTo(outcome.value.Email);
  }

  async function resend() {
    if (!sentTo) return;
    setResent(false);
    const outcome = await submit.run(() => resendWelcomeMail(sentTo));
    if (outcome?.ok) setResent(true);
  }

  const headingId = `${id}-headline`;
  return (
    <section className={panel.panel} aria-labelledby={headingId}>
      <div className="container">
        <h1 id={headingId}>{t(headline)}</h1>
        {sentTo ? (
          <>
            <p ref={sentRef} tabIndex={-1}>
              {t('registration.sent', { email: sentTo })}
            </p>
            {submit.failure && (
              <p className={panel.alert} role="alert">
                {submit.failure}
              </p>
            )}
            {resent && (
              <p className={form.success} role="status">
                {t('registration.resent', { email: sentTo })}
              </p>
            )}
            <div className={panel.actions}>
              <button
                type="button"
                className={`button ${panel.action}`}
                onClick={resend}
                aria-disabled={submit.busy || undefined}
              >
                {t(submit.busy ? 'registration.resending' : 'registration.resend')}
              </button>
              <RouteLink to="Login">{t('registration.toLogin')}</RouteLink>
            </div>
          </>
        ) : (
          <>
            <p>{t(intro)}</p>
            <SchemaForm<RegistrationData>
              form="registration"
              idPrefix={`${id}-registration`}
              labelledBy={headingId}
              uiSchema={uiSchema}
              formData={formData}
              submit={submit}
              submitLabel="registration.submit"
              busyLabel="registration.submitting"
              onChange={setFormData}
              onSubmit={send}
            />
            <div className={panel.actions}>
              <RouteLink to="Login">{t('registration.toLogin')}</RouteLink>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
