import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import {
  errorKey,
  preloadApi,
  putRecipientConsent,
  RouteLink,
  useMandant,
  useNavigateToRoute,
  useRecipientJourney,
  useT,
} from '../../runtime/index.ts';
import form from '../shared/AccountForm.module.css';
import { failureCode, failureMessage } from '../shared/accountFormErrors.ts';
import { CheckboxField } from '../shared/CheckboxField.tsx';
import { ErrorSummary } from '../shared/ErrorSummary.tsx';
import panel from '../shared/Panel.module.css';
import styles from './RecipientConsent.module.css';
import type { RecipientConsentProps } from './schema.ts';

/**
 * Terms and privacy consent of the recipient (SPEC 2: RecipientTOSConsent / RecipientConsent,
 * AGBDatenschutzZustimmung) → PUT /empfaenger/zustimmung. The text sent is exactly what the page shows
 * (consent text and box label, in the language shown), so the record proves what was agreed to.
 */
export function RecipientConsent({
  headline = 'recipient.consent.headline',
  intro = 'recipient.consent.intro',
  consentText = 'recipient.consent.text',
}: RecipientConsentProps) {
  const t = useT();
  const mandant = useMandant();
  const navigateTo = useNavigateToRoute();
  const journey = useRecipientJourney();
  const id = useId();
  const boxRef = useRef<HTMLInputElement>(null);
  const [stored] = useState(() => journey.stored());
  const [missing, setMissing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [lost, setLost] = useState(stored === null);

  useEffect(() => {
    void preloadApi();
  }, []);

  const text = t(consentText, { mandant: mandant.name });
  const label = t('recipient.consent.label');
  const boxError = missing ? t('form.consentRequired') : null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !stored) return;
    const agreed = boxRef.current?.checked ?? false;
    setMissing(!agreed);
    setFailure(null);
    setAttempt((count) => count + 1);
    if (!agreed) return;
    setBusy(true);
    try {
      await putRecipientConsent(stored.token, `${text}\n\n${label}`);
      const next = mandant.ModuleStoringBankdata ? 'BankDetailsRecipient' : 'RecipientConfirmation';
      navigateTo(next, { params: { empfehlungsnummer: journey.empfehlungsnummer } });
    } catch (error) {
      setBusy(false);
      if (failureCode(error) === 'PSOF0334') {
        journey.forget();
        setLost(true);
      }
      setFailure(failureMessage(t, error));
    }
  }

  return (
    <section className={panel.panel} aria-labelledby={`${id}-headline`}>
      <div className="container">
        <h1 id={`${id}-headline`}>{t(headline)}</h1>
        {lost ? (
          <p className={panel.alert} role="alert">
            {failure ?? t(errorKey('PSOF0334'), { defaultValue: '' })}
          </p>
        ) : (
          <>
            <p>{t(intro)}</p>
            <div className={styles.terms}>
              <p>{text}</p>
              <p>
                <RouteLink to="ParticipationTerms">{t('recipient.data.termsLink')}</RouteLink>
                {' · '}
                <RouteLink to="Privacy">{t('recipient.data.privacyLink')}</RouteLink>
              </p>
            </div>
            <form className={form.form} noValidate onSubmit={submit} aria-labelledby={`${id}-headline`}>
              <ErrorSummary
                title={t('form.errorSummary')}
                errors={boxError ? [{ fieldId: `${id}-consent`, message: boxError }] : []}
                attempt={attempt}
              />
              {failure && (
                <p className={panel.alert} role="alert">
                  {failure}
                </p>
              )}
              <CheckboxField
                id={`${id}-consent`}
                name="AGBDatenschutzZustimmung"
                label={label}
                error={boxError}
                inputRef={boxRef}
              />
              <button type="submit" className={`button ${form.submit}`} aria-disabled={busy || undefined}>
                {t(busy ? 'recipient.consent.submitting' : 'recipient.consent.submit')}
              </button>
            </form>
          </>
        )}
      </div>
    </section>
  );
}
