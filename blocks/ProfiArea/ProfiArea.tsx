import type { CustomValidator, FormValidation, UiSchema } from '@rjsf/utils';
import { useId, useMemo, useState } from 'react';
import {
  acceptProfiAgreement,
  fetchProfiData,
  formatDateTime,
  RouteLink,
  SchemaForm,
  saveProfiBankData,
  saveProfiData,
  useFormSubmit,
  useMandant,
  useT,
} from '../../runtime/index.ts';
import type { BankDetailsForm } from '../../schemas/forms/bankDetails.ts';
import type { ProfiDataForm } from '../../schemas/forms/profiSeller.ts';
import type { ProfiDaten } from '../../schemas/profi.ts';
import styles from '../shared/agency/Agency.module.css';
import { validateIbanField } from '../shared/ibanField.ts';
import { ProfiCreditNotes } from '../shared/profi/ProfiCreditNotes.tsx';
import { ProfiFailure, ProfiLoading } from '../shared/profi/ProfiStates.tsx';
import {
  SELLER_FIELD_OF_CODE,
  sellerBody,
  sellerUiSchema,
  validateSellerData,
} from '../shared/profi/sellerForm.ts';
import { useLoaded } from '../shared/useLoaded.ts';
import type { ProfiAreaProps } from './schema.ts';

/**
 * The profi-seller's own area (issue 16): the seller number and login, the own data (person or company,
 * address, tax status and number: the `profiData` form), the bank account (the `bankDetails` form; the
 * stored IBAN only masked), the seller agreement to accept, every credit note to download, and the way to
 * change the password (the account's page).
 */
export function ProfiArea({ headline = 'profi.area.headline', intro = 'profi.area.intro' }: ProfiAreaProps) {
  const t = useT();
  const id = useId();
  const [data, reload] = useLoaded(() => fetchProfiData(), []);
  return (
    <section className={styles.section} aria-labelledby={`${id}-headline`}>
      <div className="container">
        <h1 id={`${id}-headline`}>{t(headline)}</h1>
        {data.state === 'loading' && <ProfiLoading />}
        {data.state === 'failed' && <ProfiFailure error={data.error} retry={reload} />}
        {data.state === 'done' && (
          <>
            <p>{t(intro)}</p>
            <Area initial={data.value} />
          </>
        )}
      </div>
    </section>
  );
}

function Area({ initial }: { initial: ProfiDaten }) {
  const t = useT();
  const id = useId();
  const [stored, setStored] = useState(initial);
  return (
    <>
      <dl className={styles.facts}>
        <dt>{t('profi.area.number')}</dt>
        <dd>{stored.Profinummer}</dd>
        <dt>{t('profi.field.Email')}</dt>
        <dd>{stored.Email}</dd>
      </dl>
      <DataForm stored={stored} onSaved={setStored} />
      <BankForm stored={stored} onSaved={setStored} />
      <Agreement stored={stored} onSaved={setStored} />
      <div className={styles.block}>
        <h2 id={`${id}-notes`}>{t('profi.area.creditNotes')}</h2>
        <ProfiCreditNotes caption={t('profi.billing.caption')} />
      </div>
      <div className={styles.block}>
        <h2>{t('profi.area.password')}</h2>
        <p>
          <RouteLink to="ChangePassword">{t('profi.area.changePassword')}</RouteLink>
        </p>
      </div>
    </>
  );
}

interface PartProps {
  stored: ProfiDaten;
  onSaved: (data: ProfiDaten) => void;
}

function Saved({ saved, text }: { saved: boolean; text: string }) {
  return (
    <p role="status" className={saved ? styles.success : 'visually-hidden'}>
      {saved ? text : ''}
    </p>
  );
}

function DataForm({ stored, onSaved }: PartProps) {
  const t = useT();
  const id = useId();
  const submit = useFormSubmit({ fieldOfCode: SELLER_FIELD_OF_CODE });
  const [formData, setFormData] = useState<ProfiDataForm>(() => dataOf(stored));
  const [saved, setSaved] = useState(false);
  const uiSchema = useMemo(() => sellerUiSchema(t) as UiSchema<ProfiDataForm>, [t]);
  const customValidate = useMemo<CustomValidator<ProfiDataForm>>(
    () => (data, errors, _uiSchema, errorSchema) => {
      validateSellerData(t, data, errors, errorSchema);
      return errors as FormValidation<ProfiDataForm>;
    },
    [t],
  );
  async function save(values: ProfiDataForm) {
    setSaved(false);
    const outcome = await submit.run(() => saveProfiData(sellerBody(values)));
    if (!outcome?.ok) return;
    onSaved(outcome.value);
    setFormData(dataOf(outcome.value));
    setSaved(true);
  }
  return (
    <div className={styles.block}>
      <h2 id={`${id}-title`}>{t('profi.area.data')}</h2>
      <Saved saved={saved} text={t('profi.area.dataSaved')} />
      <SchemaForm<ProfiDataForm>
        form="profiData"
        idPrefix={`${id}-data`}
        labelledBy={`${id}-title`}
        uiSchema={uiSchema}
        formData={formData}
        customValidate={customValidate}
        submit={submit}
        submitLabel="profi.area.saveData"
        busyLabel="profi.area.saving"
        onChange={setFormData}
        onSubmit={save}
      />
    </div>
  );
}

function BankForm({ stored, onSaved }: PartProps) {
  const t = useT();
  const id = useId();
  const mandant = useMandant();
  const germanOnly = mandant.ModuleIBANNurDE === true;
  const submit = useFormSubmit({
    fieldOfCode: { PSOF0240: 'IBAN', PSOF0242: 'IBAN', PSOF0241: 'Kontoinhaber' },
  });
  const [formData, setFormData] = useState<BankDetailsForm>(() => ({
    Kontoinhaber: stored.Kontoinhaber ?? undefined,
  }));
  const [saved, setSaved] = useState(false);
  const uiSchema = useMemo<UiSchema<BankDetailsForm>>(
    () => ({
      IBAN: {
        'ui:title': t(stored.IBAN ? 'profi.area.newIban' : 'profi.field.IBAN'),
        'ui:autocomplete': 'off',
        'ui:widget': 'textWithHint',
        'ui:options': { hint: t(germanOnly ? 'profi.field.IBANHintGerman' : 'profi.field.IBANHint') },
      },
      Kontoinhaber: { 'ui:title': t('profi.field.Kontoinhaber'), 'ui:autocomplete': 'name' },
    }),
    [t, germanOnly, stored.IBAN],
  );
  const customValidate = useMemo<CustomValidator<BankDetailsForm>>(
    () => (data, errors, _uiSchema, errorSchema) => {
      validateIbanField(
        t,
        { germanOnly, label: t('profi.field.IBAN'), notGermanCode: 'PSOF0242' },
        data,
        errors,
        errorSchema,
      );
      return errors;
    },
    [t, germanOnly],
  );
  async function save(values: BankDetailsForm) {
    setSaved(false);
    const outcome = await submit.run(() =>
      saveProfiBankData({
        IBAN: (values.IBAN ?? '').replace(/\s+/g, ''),
        Kontoinhaber: (values.Kontoinhaber ?? '').trim(),
      }),
    );
    if (!outcome?.ok) return;
    onSaved(outcome.value);
    setFormData({ Kontoinhaber: outcome.value.Kontoinhaber ?? undefined });
    setSaved(true);
  }
  return (
    <div className={styles.block}>
      <h2 id={`${id}-title`}>{t('profi.area.bank')}</h2>
      <p>
        {stored.IBAN
          ? t('profi.area.ibanStored', { iban: stored.IBAN, holder: stored.Kontoinhaber ?? '' })
          : t('profi.area.ibanNone')}
      </p>
      <Saved saved={saved} text={t('profi.area.bankSaved')} />
      <SchemaForm<BankDetailsForm>
        form="bankDetails"
        idPrefix={`${id}-bank`}
        labelledBy={`${id}-title`}
        uiSchema={uiSchema}
        formData={formData}
        customValidate={customValidate}
        submit={submit}
        submitLabel="profi.area.saveBank"
        busyLabel="profi.area.saving"
        onChange={setFormData}
        onSubmit={save}
      />
    </div>
  );
}

function Agreement({ stored, onSaved }: PartProps) {
  const t = useT();
  const id = useId();
  const submit = useFormSubmit();
  async function accept() {
    const outcome = await submit.run(() => acceptProfiAgreement());
    if (outcome?.ok) onSaved(outcome.value);
  }
  return (
    <div className={styles.block}>
      <h2 id={`${id}-title`}>{t('profi.area.agreement')}</h2>
      {stored.VereinbarungAm ? (
        <p role="status">
          {t('profi.area.agreementAccepted', {
            date: formatDateTime(stored.VereinbarungAm),
            version: stored.VereinbarungVersion,
          })}
        </p>
      ) : (
        <>
          <p>{t('profi.area.agreementOpen', { version: stored.VereinbarungVersion })}</p>
          {submit.failure && (
            <p className={styles.alert} role="alert">
              {submit.failure}
            </p>
          )}
          <button
            type="button"
            className="button"
            aria-disabled={submit.busy || undefined}
            onClick={() => {
              if (!submit.busy) void accept();
            }}
          >
            {t(submit.busy ? 'profi.area.accepting' : 'profi.area.accept')}
          </button>
        </>
      )}
    </div>
  );
}

/** The form's data from the stored seller data (empty optional texts left out). */
function dataOf(data: ProfiDaten): ProfiDataForm {
  return {
    Art: data.Art,
    Firma: data.Firma || undefined,
    Vorname: data.Vorname,
    Nachname: data.Nachname,
    Telefon: data.Telefon || undefined,
    Strasse: data.Strasse,
    Plz: data.Plz,
    Ort: data.Ort,
    Steuerstatus: data.Steuerstatus,
    Steuernummer: data.Steuernummer || undefined,
    UstId: data.UstId || undefined,
  };
}
