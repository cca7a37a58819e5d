import type { CustomValidator, UiSchema } from '@rjsf/utils';
import { useId, useMemo, useState } from 'react';
import {
  failureMessage,
  fetchMasterData,
  SchemaForm,
  saveMasterData,
  useFormSubmit,
  useT,
} from '../../runtime/index.ts';
import type { AgenturStammdaten } from '../../schemas/agencyAdmin.ts';
import type { AgencyMasterDataForm } from '../../schemas/forms/agencyMasterData.ts';
import styles from '../shared/agency/Agency.module.css';
import { AgencyGate } from '../shared/agency/AgencyGate.tsx';
import { validateIbanField } from '../shared/ibanField.ts';
import { useLoaded } from '../shared/useLoaded.ts';
import type { AgencyMasterDataProps } from './schema.ts';

/** The fields in the order they are shown, with their i18n label keys. */
const FIELDS = [
  'Firma',
  'Strasse',
  'Plz',
  'Ort',
  'UstId',
  'Steuernummer',
  'KontaktName',
  'KontaktEmail',
  'KontaktTelefon',
  'IBAN',
  'Kontoinhaber',
] as const;

/**
 * The agency's master data (issue 14): company, address, tax numbers, contact and bank account. Everyone
 * with `masterData` sees them; `masterDataEdit` changes them (the `agencyMasterData` form). The IBAN is
 * shown masked and stays stored unless a new one is typed.
 */
export function AgencyMasterData({
  headline = 'agencyArea.masterData.headline',
  intro = 'agencyArea.masterData.intro',
}: AgencyMasterDataProps) {
  const t = useT();
  const id = useId();
  return (
    <section className={styles.section} aria-labelledby={`${id}-headline`}>
      <div className="container">
        <h1 id={`${id}-headline`}>{t(headline)}</h1>
        <AgencyGate ability="masterData">
          {(agency) => (
            <>
              <p>{t(intro)}</p>
              <MasterData editable={agency.can('masterDataEdit')} />
            </>
          )}
        </AgencyGate>
      </div>
    </section>
  );
}

function MasterData({ editable }: { editable: boolean }) {
  const t = useT();
  const [data, reload] = useLoaded(() => fetchMasterData(), []);
  if (data.state === 'loading') return <p aria-live="polite">{t('agencyArea.loading')}</p>;
  if (data.state === 'failed') {
    return (
      <div className={styles.block}>
        <p className={styles.alert} role="alert">
          {failureMessage(t, data.error)}
        </p>
        <button type="button" className={styles.small} onClick={reload}>
          {t('agencyArea.retry')}
        </button>
      </div>
    );
  }
  return editable ? <MasterDataForm current={data.value} /> : <MasterDataFacts current={data.value} />;
}

function MasterDataFacts({ current }: { current: AgenturStammdaten }) {
  const t = useT();
  return (
    <dl className={styles.facts}>
      <dt>{t('agencyArea.masterData.Agenturnummer')}</dt>
      <dd>{current.Agenturnummer}</dd>
      {FIELDS.map((field) => (
        <div key={field} style={{ display: 'contents' }}>
          <dt>{t(`agencyArea.masterData.${field}`)}</dt>
          <dd>{current[field] || '–'}</dd>
        </div>
      ))}
    </dl>
  );
}

function MasterDataForm({ current }: { current: AgenturStammdaten }) {
  const t = useT();
  const id = useId();
  const submit = useFormSubmit({ fieldOfCode: { PSOF0643: 'IBAN', PSOF0644: 'Kontoinhaber' } });
  const [stored, setStored] = useState(current);
  const [saved, setSaved] = useState(false);
  const [formData, setFormData] = useState<AgencyMasterDataForm>(() => formOf(current));

  const uiSchema = useMemo<UiSchema<AgencyMasterDataForm>>(() => {
    const ui: Record<string, object> = {};
    for (const field of FIELDS) ui[field] = { 'ui:title': t(`agencyArea.masterData.${field}`) };
    ui.Firma = { ...ui.Firma, 'ui:autocomplete': 'organization' };
    ui.Strasse = { ...ui.Strasse, 'ui:autocomplete': 'street-address' };
    ui.Plz = { ...ui.Plz, 'ui:autocomplete': 'postal-code' };
    ui.Ort = { ...ui.Ort, 'ui:autocomplete': 'address-level2' };
    ui.KontaktName = { ...ui.KontaktName, 'ui:autocomplete': 'name' };
    ui.KontaktEmail = { ...ui.KontaktEmail, 'ui:widget': 'email', 'ui:autocomplete': 'email' };
    ui.KontaktTelefon = {
      ...ui.KontaktTelefon,
      'ui:autocomplete': 'tel',
      'ui:options': { inputType: 'tel' },
    };
    ui.IBAN = {
      'ui:title': t('agencyArea.masterData.newIban'),
      'ui:autocomplete': 'off',
      'ui:widget': 'textWithHint',
      'ui:options': {
        hint: stored.IBAN
          ? t('agencyArea.masterData.ibanStored', { iban: stored.IBAN })
          : t('agencyArea.masterData.ibanNone'),
      },
    };
    return ui as UiSchema<AgencyMasterDataForm>;
  }, [t, stored.IBAN]);

  const customValidate = useMemo<CustomValidator<AgencyMasterDataForm>>(
    () => (data, errors, _uiSchema, errorSchema) => {
      validateIbanField(
        t,
        { germanOnly: false, label: t('agencyArea.masterData.newIban'), notGermanCode: 'PSOF0643' },
        data,
        errors,
        errorSchema,
      );
      return errors;
    },
    [t],
  );

  async function save(values: AgencyMasterDataForm) {
    setSaved(false);
    const text = (field: (typeof FIELDS)[number]) => (values[field] ?? '').trim();
    const iban = text('IBAN').replace(/\s+/g, '');
    const outcome = await submit.run(() =>
      saveMasterData({
        Firma: text('Firma'),
        Strasse: text('Strasse'),
        Plz: text('Plz'),
        Ort: text('Ort'),
        UstId: text('UstId'),
        Steuernummer: text('Steuernummer'),
        KontaktName: text('KontaktName'),
        KontaktEmail: text('KontaktEmail'),
        KontaktTelefon: text('KontaktTelefon'),
        // Left out: the stored IBAN stays (the form never holds it, only its mask).
        ...(iban ? { IBAN: iban } : {}),
        Kontoinhaber: text('Kontoinhaber'),
      }),
    );
    if (!outcome?.ok) return;
    setStored(outcome.value);
    setFormData(formOf(outcome.value));
    setSaved(true);
  }

  return (
    <div className={styles.block}>
      <h2 id={`${id}-title`}>{t('agencyArea.masterData.formTitle')}</h2>
      <p>
        {t('agencyArea.masterData.Agenturnummer')}: {stored.Agenturnummer}
      </p>
      <p role="status" className={saved ? styles.success : 'visually-hidden'}>
        {saved ? t('agencyArea.masterData.saved') : ''}
      </p>
      <SchemaForm<AgencyMasterDataForm>
        form="agencyMasterData"
        idPrefix={`${id}-master`}
        labelledBy={`${id}-title`}
        uiSchema={uiSchema}
        formData={formData}
        customValidate={customValidate}
        submit={submit}
        submitLabel="agencyArea.masterData.save"
        busyLabel="agencyArea.masterData.saving"
        onChange={setFormData}
        onSubmit={save}
      />
    </div>
  );
}

/** The form's data from the stored master data: every text, never the IBAN (only its mask is known). */
function formOf(data: AgenturStammdaten): AgencyMasterDataForm {
  return {
    Firma: data.Firma,
    Strasse: data.Strasse,
    Plz: data.Plz,
    Ort: data.Ort,
    UstId: data.UstId || undefined,
    Steuernummer: data.Steuernummer || undefined,
    KontaktName: data.KontaktName || undefined,
    KontaktEmail: data.KontaktEmail || undefined,
    KontaktTelefon: data.KontaktTelefon || undefined,
    Kontoinhaber: data.Kontoinhaber ?? undefined,
  };
}
