import type { CustomValidator, UiSchema } from '@rjsf/utils';
import { useEffect, useId, useMemo, useState } from 'react';
import {
  errorKey,
  postRecipientBankData,
  preloadApi,
  RouteLink,
  SchemaForm,
  type StoredRecipient,
  useFormSubmit,
  useMandant,
  useNavigateToRoute,
  useRecipientJourney,
  useT,
} from '../../runtime/index.ts';
import type { RecipientBankDetailsForm } from '../../schemas/forms/recipientBankDetails.ts';
import { validateIbanField } from '../shared/ibanField.ts';
import panel from '../shared/Panel.module.css';
import type { RecipientBankDetailsProps } from './schema.ts';

/** The server's answers about the IBAN (invalid; not German while ModuleIBANNurDE is on) are shown at it. */
const FIELD_FAILURES = { fieldOfCode: { PSOF0332: 'IBAN', PSOF0333: 'IBAN' } } as const;

/**
 * The recipient's bank data (SPEC 2, BankDetailsRecipient: IBAN and account holder) → POST
 * /empfaenger/bankdaten, where the mandant stores bank data (ModuleStoringBankdata). The form's schema is the
 * route's (schemas/forms/recipientBankDetails.ts); the IBAN is checked here already with the rules the server
 * applies (domain/iban.ts), German only under ModuleIBANNurDE.
 */
export function RecipientBankDetails({
  headline = 'recipient.bank.headline',
  intro = 'recipient.bank.intro',
}: RecipientBankDetailsProps) {
  const t = useT();
  const mandant = useMandant();
  const navigateTo = useNavigateToRoute();
  const journey = useRecipientJourney();
  const id = useId();
  const submit = useFormSubmit(FIELD_FAILURES);
  // The recipient this browser stored (cookie and token) is read after the first render: the server renders
  // the page without them. Null: none stored.
  const [stored, setStored] = useState<StoredRecipient | null>();
  useEffect(() => {
    setStored(journey.stored());
  }, [journey]);
  const [lost, setLost] = useState(false);
  const [formData, setFormData] = useState<RecipientBankDetailsForm>({});
  const germanOnly = mandant.ModuleIBANNurDE;

  useEffect(() => {
    void preloadApi();
  }, []);

  const uiSchema = useMemo<UiSchema<RecipientBankDetailsForm>>(
    () => ({
      IBAN: {
        'ui:title': t('recipient.bank.iban'),
        'ui:widget': 'textWithHint',
        'ui:autocomplete': 'off',
        'ui:options': { hint: t(germanOnly ? 'recipient.bank.ibanHintGerman' : 'recipient.bank.ibanHint') },
      },
      Kontoinhaber: { 'ui:title': t('recipient.bank.holder'), 'ui:autocomplete': 'name' },
    }),
    [t, germanOnly],
  );
  // What the schema cannot state: the IBAN's checksum and country (domain/iban.ts).
  const customValidate = useMemo<CustomValidator<RecipientBankDetailsForm>>(
    () => (data, errors, _uiSchema, errorSchema) => {
      const rules = { germanOnly, label: t('recipient.bank.iban'), notGermanCode: 'PSOF0333' } as const;
      validateIbanField(t, rules, data, errors, errorSchema);
      return errors;
    },
    [germanOnly, t],
  );
  const params = { empfehlungsnummer: journey.empfehlungsnummer };

  async function save(values: RecipientBankDetailsForm) {
    if (!stored) return;
    const outcome = await submit.run(() =>
      postRecipientBankData(stored.token, {
        IBAN: values.IBAN ?? '',
        Kontoinhaber: (values.Kontoinhaber ?? '').trim(),
      }),
    );
    if (outcome?.ok) {
      navigateTo('RecipientConfirmation', { params });
    } else if (outcome?.code === 'PSOF0334') {
      journey.forget();
      setLost(true);
    }
  }

  if (!mandant.ModuleStoringBankdata) {
    return (
      <section className={panel.panel} aria-labelledby={`${id}-headline`}>
        <div className="container">
          <h1 id={`${id}-headline`}>{t(headline)}</h1>
          <p>{t('recipient.bank.notNeeded')}</p>
          <div className={panel.actions}>
            <RouteLink to="RecipientConfirmation" params={params} className={`button ${panel.action}`}>
              {t('recipient.data.continue')}
            </RouteLink>
          </div>
        </div>
      </section>
    );
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
            <SchemaForm<RecipientBankDetailsForm>
              form="recipientBankDetails"
              idPrefix={`${id}-form`}
              labelledBy={`${id}-headline`}
              uiSchema={uiSchema}
              formData={formData}
              customValidate={customValidate}
              submit={submit}
              submitLabel="recipient.bank.submit"
              busyLabel="recipient.bank.submitting"
              loading={<p aria-live="polite">{t('personalArea.loading')}</p>}
              onChange={setFormData}
              onSubmit={save}
            />
          </>
        )}
      </div>
    </section>
  );
}
