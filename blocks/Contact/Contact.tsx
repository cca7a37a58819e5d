import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import {
  ApiRequestError,
  captchaChallengeUrl,
  errorKey,
  isContactCaptchaRequired,
  preloadApi,
  RouteLink,
  sendContactMessage,
  useLanguage,
  useMandant,
  useT,
} from '../../runtime/index.ts';
import {
  CONTACT_FIELDS,
  CONTACT_LIMITS,
  type ContactField,
  type ContactFieldProblem,
  contactFieldProblems,
} from '../../schemas/contentContact.ts';
import form from '../shared/AccountForm.module.css';
import { failureMessage } from '../shared/accountFormErrors.ts';
import { CaptchaField } from '../shared/captcha/index.ts';
import panel from '../shared/Panel.module.css';
import { TextField } from '../shared/TextField.tsx';
import styles from './Contact.module.css';
import { contactFieldMessage } from './contactMessages.ts';
import type { ContactProps } from './schema.ts';

type Problems = Partial<Record<ContactField, ContactFieldProblem>>;

const LABELS: Record<ContactField, string> = {
  Name: 'contact.name',
  Email: 'contact.email',
  Betreff: 'contact.subject',
  Nachricht: 'contact.message',
};

/**
 * The contact form (SPEC 2 Kontakt, SPEC 7 POST /kontakt): name, e-mail, subject and message, and the
 * ALTCHA captcha when GET /kontakt?cmd=IsCaptchaRequired asks for it (guests). Field errors sit under
 * their field (the first gets the focus); the server's refusal is announced as an alert; after sending, a
 * thank-you takes the form's place and the focus.
 */
export function Contact({ headline = 'contact.headline' }: ContactProps) {
  const t = useT();
  const id = useId();
  const mandant = useMandant();
  const language = useLanguage();
  const formRef = useRef<HTMLFormElement>(null);
  const sentRef = useRef<HTMLParagraphElement>(null);
  const [problems, setProblems] = useState<Problems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
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

  const fieldId = (field: ContactField) => `${id}-${field}`;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !formRef.current) return;
    const data = new FormData(formRef.current);
    const values = Object.fromEntries(
      CONTACT_FIELDS.map((field) => [field, String(data.get(field) ?? '')]),
    ) as Record<ContactField, string>;
    const found = contactFieldProblems(values);
    setProblems(found);
    setFailure(null);
    const first = CONTACT_FIELDS.find((field) => found[field]);
    if (first) {
      document.getElementById(fieldId(first))?.focus();
      return;
    }
    if (captchaRequired && !captcha) {
      setCaptchaError(t(errorKey('PSOF0307')));
      return;
    }
    setBusy(true);
    try {
      await sendContactMessage({
        Name: values.Name.trim(),
        Email: values.Email.trim(),
        Betreff: values.Betreff.trim(),
        Nachricht: values.Nachricht.trim(),
        ...(captchaRequired && captcha ? { Captcha: captcha } : {}),
      });
      setSent(true);
      setCaptcha(null);
    } catch (error) {
      const code = error instanceof ApiRequestError ? error.code : undefined;
      if (code === 'PSOF0307' || code === 'PSOF0308') {
        // A refused or used-up solution: the widget starts over with a fresh challenge.
        setCaptchaError(failureMessage(t, error));
        setCaptcha(null);
        setCaptchaReset((key) => key + 1);
      } else setFailure(failureMessage(t, error));
    } finally {
      setBusy(false);
    }
  }

  const label = (field: ContactField) => t(LABELS[field]);
  const error = (field: ContactField) => contactFieldMessage(t, field, problems[field], label(field));

  return (
    <section className={panel.panel} aria-labelledby={`${id}-headline`}>
      <div className="container">
        <h2 id={`${id}-headline`}>{t(headline)}</h2>
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
          <form
            ref={formRef}
            className={form.form}
            noValidate
            onSubmit={submit}
            aria-labelledby={`${id}-headline`}
          >
            {failure && (
              <p className={panel.alert} role="alert">
                {failure}
              </p>
            )}
            <TextField
              id={fieldId('Name')}
              label={label('Name')}
              error={error('Name')}
              name="Name"
              autoComplete="name"
            />
            <TextField
              id={fieldId('Email')}
              label={label('Email')}
              error={error('Email')}
              type="email"
              name="Email"
              autoComplete="email"
              inputMode="email"
            />
            <TextField
              id={fieldId('Betreff')}
              label={label('Betreff')}
              error={error('Betreff')}
              name="Betreff"
              autoComplete="off"
            />
            <div className={form.field}>
              <label className={form.label} htmlFor={fieldId('Nachricht')}>
                {label('Nachricht')}
              </label>
              <textarea
                id={fieldId('Nachricht')}
                className={`${form.input} ${styles.message}`}
                name="Nachricht"
                rows={8}
                maxLength={CONTACT_LIMITS.Nachricht}
                required
                aria-invalid={error('Nachricht') ? 'true' : undefined}
                aria-describedby={error('Nachricht') ? `${fieldId('Nachricht')}-error` : undefined}
              />
              {error('Nachricht') && (
                <p id={`${fieldId('Nachricht')}-error`} className={form.fieldError}>
                  {error('Nachricht')}
                </p>
              )}
            </div>
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
            <button type="submit" className={`button ${form.submit}`} aria-disabled={busy || undefined}>
              {t(busy ? 'contact.submitting' : 'contact.submit')}
            </button>
          </form>
        )}
      </div>
    </section>
  );
}
