import type { UiSchema } from '@rjsf/utils';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  captchaChallengeUrl,
  errorKey,
  failureMessage,
  isContactCaptchaRequired,
  preloadApi,
  RouteLink,
  SchemaForm,
  sendContactMessage,
  useFormSubmit,
  useLanguage,
  useMandant,
  useT,
} from '../../runtime/index.ts';
import type { ContactData } from '../../schemas/forms/contact.ts';
import form from '../shared/AccountForm.module.css';
import { CaptchaField } from '../shared/captcha/index.ts';
import panel from '../shared/Panel.module.css';
import styles from './Contact.module.css';
import type { ContactProps } from './schema.ts';

/**
 * The contact form (SPEC 2 Kontakt, SPEC 7 POST /kontakt): name, e-mail, subject and message
 * (SchemaForm, schemas/forms/contact.ts — the route validates the same fields), and the ALTCHA captcha when
 * GET /kontakt?cmd=IsCaptchaRequired asks for it (guests). Field errors sit under their field (the first
 * gets the focus); the server's refusal is announced as an alert; after sending, a thank-you takes the
 * form's place and the focus.
 */
export function Contact({ headline = 'contact.headline' }: ContactProps) {
  const t = useT();
  const id = useId();
  const mandant = useMandant();
  const language = useLanguage();
  const sentRef = useRef<HTMLParagraphElement>(null);
  const submit = useFormSubmit();
  const [formData, setFormData] = useState<ContactData>({});
  const [sent, setSent] = useState(false);
  const [captchaRequired, setCaptchaRequired] = useState(false);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  const [captchaReset, setCaptchaReset] = useState(0);

  useEffect(() => {
    void preloadApi();
    isContactCaptchaRequired().then(setCaptchaRequired, () => setCaptchaRequired(true));
  }, []);

  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

  const uiSchema = useMemo<UiSchema<ContactData>>(
    () => ({
      Name: { 'ui:title': t('contact.name'), 'ui:autocomplete': 'name' },
      Email: { 'ui:title': t('contact.email'), 'ui:widget': 'email', 'ui:autocomplete': 'email' },
      Betreff: { 'ui:title': t('contact.subject'), 'ui:autocomplete': 'off' },
      Nachricht: { 'ui:title': t('contact.message'), 'ui:widget': 'textarea', 'ui:options': { rows: 8 } },
    }),
    [t],
  );

  async function send(data: ContactData) {
    if (captchaRequired && !captcha) {
      setCaptchaError(t(errorKey('PSOF0307')));
      return;
    }
    const outcome = await submit.run(
      () =>
        sendContactMessage({
          Name: data.Name?.trim() ?? '',
          Email: data.Email?.trim() ?? '',
          Betreff: data.Betreff?.trim() ?? '',
          Nachricht: data.Nachricht?.trim() ?? '',
          ...(captchaRequired && captcha ? { Captcha: captcha } : {}),
        }),
      (code, error) => {
        if (code !== 'PSOF0307' && code !== 'PSOF0308') return undefined;
        // A refused or used-up solution: the widget starts over with a fresh challenge.
        setCaptchaError(failureMessage(t, error));
        setCaptcha(null);
        setCaptchaReset((key) => key + 1);
        return null;
      },
    );
    if (!outcome?.ok) return;
    setSent(true);
    setCaptcha(null);
    setFormData({});
  }

  const headingId = `${id}-headline`;
  return (
    <section className={panel.panel} aria-labelledby={headingId}>
      <div className="container">
        <h2 id={headingId}>{t(headline)}</h2>
        {sent ? (
          <>
            <p ref={sentRef} className={form.success} tabIndex={-1} role="status">
              {t('contact.sent')}
            </p>
            <div className={panel.actions}>
              <button type="button" className={`button ${panel.action}`} onClick={() => setSent(false)}>
                {t('contact.again')}
              </button>
            </div>
          </>
        ) : (
          <SchemaForm<ContactData>
            form="contact"
            idPrefix={`${id}-contact`}
            labelledBy={headingId}
            uiSchema={uiSchema}
            formData={formData}
            submit={submit}
            submitLabel="contact.submit"
            busyLabel="contact.submitting"
            onChange={setFormData}
            onSubmit={send}
          >
            {captchaRequired && (
              <CaptchaField
                id={`${id}-captcha`}
                challengeUrl={captchaChallengeUrl(mandant.id)}
                language={language}
                loadingText={t('contact.captchaLoading')}
                onChange={(payload) => {
                  setCaptcha(payload);
                  if (payload) setCaptchaError(null);
                }}
                resetKey={captchaReset}
                error={captchaError}
              />
            )}
            <p className={styles.privacy}>
              {t('contact.privacy')} <RouteLink to="Privacy">{t('contact.privacyLink')}</RouteLink>
            </p>
          </SchemaForm>
        )}
      </div>
    </section>
  );
}
