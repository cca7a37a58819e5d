import type { ErrorTransformer, UiSchema } from '@rjsf/utils';
import { useEffect, useId, useMemo, useState } from 'react';
import {
  errorKey,
  preloadApi,
  putRecipientConsent,
  RouteLink,
  SchemaForm,
  type StoredRecipient,
  specErrorTransformer,
  useFormSubmit,
  useMandant,
  useNavigateToRoute,
  useRecipientJourney,
  useT,
} from '../../runtime/index.ts';
import type { RecipientConsentForm } from '../../schemas/forms/recipientConsent.ts';
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
  const submit = useFormSubmit();
  // The recipient this browser stored (cookie and token) is read after the first render: the server renders
  // the page without them. Null: none stored.
  const [stored, setStored] = useState<StoredRecipient | null>();
  useEffect(() => {
    setStored(journey.stored());
  }, [journey]);
  const [lost, setLost] = useState(false);
  const [formData, setFormData] = useState<RecipientConsentForm>({});

  useEffect(() => {
    void preloadApi();
  }, []);

  const text = t(consentText, { mandant: mandant.name });
  const label = t('recipient.consent.label');
  const uiSchema = useMemo<UiSchema<RecipientConsentForm>>(
    () => ({ AGBDatenschutzZustimmung: { 'ui:title': label } }),
    [label],
  );
  // SPEC 5's consent messages; on this page the box itself says why it must be ticked.
  const transformErrors = useMemo<ErrorTransformer<RecipientConsentForm>>(() => {
    const worded = specErrorTransformer<RecipientConsentForm>(t, {
      AGBDatenschutzZustimmung: { label, kind: 'consent' },
    });
    return (errors, uiSchema) =>
      worded(errors, uiSchema).map((error) => ({ ...error, message: t('form.consentRequired') }));
  }, [t, label]);

  async function agree() {
    if (!stored) return;
    const outcome = await submit.run(() => putRecipientConsent(stored.token, `${text}\n\n${label}`));
    if (outcome?.ok) {
      const next = mandant.ModuleStoringBankdata ? 'BankDetailsRecipient' : 'RecipientConfirmation';
      navigateTo(next, { params: { empfehlungsnummer: journey.empfehlungsnummer } });
    } else if (outcome?.code === 'PSOF0334') {
      journey.forget();
      setLost(true);
    }
  }

  return (
    <section className={panel.panel} aria-labelledby={`${id}-headline`}>
      <div className="container">
        <h1 id={`${id}-headline`}>{t(headline)}</h1>
        {lost || stored === null ? (
          <p className={panel.alert} role="alert">
            {submit.failure ?? t(errorKey('PSOF0334'), { defaultValue: '' })}
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
            <div className={styles.form}>
              <SchemaForm<RecipientConsentForm>
                form="recipientConsent"
                idPrefix={`${id}-form`}
                labelledBy={`${id}-headline`}
                uiSchema={uiSchema}
                formData={formData}
                transformErrors={transformErrors}
                submit={submit}
                submitLabel="recipient.consent.submit"
                busyLabel="recipient.consent.submitting"
                loading={<p aria-live="polite">{t('personalArea.loading')}</p>}
                onChange={setFormData}
                onSubmit={agree}
              />
            </div>
          </>
        )}
      </div>
    </section>
  );
}
