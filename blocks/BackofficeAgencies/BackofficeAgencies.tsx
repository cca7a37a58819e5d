import type { UiSchema } from '@rjsf/utils';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  DataTable,
  type DataTableColumn,
  decideAgency,
  failureMessage,
  fetchAgencies,
  fetchAgency,
  formatDateTime,
  SchemaForm,
  useBackoffice,
  useFormSubmit,
  useT,
} from '../../runtime/index.ts';
import {
  AGENCY_STATUSES,
  type BackofficeAgentur,
  type BackofficeAgenturZeile,
} from '../../schemas/backofficeSupport.ts';
import type { BackofficeAgencyDecisionData } from '../../schemas/forms/backofficeSupport.ts';
import styles from '../shared/backoffice/BackofficeRecords.module.css';
import type { BackofficeAgenciesProps } from './schema.ts';

const STATUS_OPTIONS = AGENCY_STATUSES.map((value) => ({
  value,
  label: `backoffice.agencies.status.${value}`,
}));

/**
 * Agencies in the back office (issue 15, docs/adr/0020): the list, pending first (they wait for the
 * programme team), an agency's master data (IBAN masked) and owners, and for a pending agency the decision
 * (activate or reject with a reason; ability agencies). The owners get a mail; the server refuses a
 * decision someone else took meanwhile (PSOF0705), which the form shows.
 */
export function BackofficeAgencies({
  headline = 'backoffice.agencies.headline',
  intro = 'backoffice.agencies.intro',
}: BackofficeAgenciesProps) {
  const t = useT();
  const id = useId();
  const [version, setVersion] = useState(0);
  const [selected, setSelected] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const detailRef = useRef<HTMLDivElement>(null);

  const open = useCallback((agencyId: string) => {
    setSelected(agencyId);
    setNotice(null);
    requestAnimationFrame(() => detailRef.current?.focus());
  }, []);

  const columns = useMemo<DataTableColumn<BackofficeAgenturZeile>[]>(
    () => [
      {
        id: 'Status',
        header: 'backoffice.agencies.column.Status',
        sortable: true,
        filter: { type: 'enum', options: STATUS_OPTIONS },
        cell: (row) => t(`backoffice.agencies.status.${row.Status}`),
      },
      {
        id: 'Agenturnummer',
        header: 'backoffice.agencies.column.Agenturnummer',
        sortable: true,
        filter: { type: 'text' },
      },
      { id: 'Firma', header: 'backoffice.agencies.column.Firma', sortable: true, filter: { type: 'text' } },
      { id: 'Ort', header: 'backoffice.agencies.column.Ort' },
      {
        id: 'RegistriertAm',
        header: 'backoffice.agencies.column.RegistriertAm',
        sortable: true,
        cell: (row) => formatDateTime(row.RegistriertAm),
      },
      {
        id: 'Aktion',
        header: 'backoffice.agencies.column.Aktion',
        cell: (row) => (
          <button
            type="button"
            className={styles.small}
            aria-label={t('backoffice.agencies.openFor', { name: row.Firma })}
            onClick={() => open(row.Id)}
          >
            {t('backoffice.agencies.open')}
          </button>
        ),
      },
    ],
    [t, open],
  );

  return (
    <section className={styles.section} aria-labelledby={`${id}-headline`}>
      <div className="container">
        <h1 id={`${id}-headline`}>{t(headline)}</h1>
        <p>{t(intro)}</p>
        <div className={styles.block}>
          <p role="status" className={notice ? styles.success : 'visually-hidden'}>
            {notice ?? ''}
          </p>
          <DataTable<BackofficeAgenturZeile>
            key={version}
            caption="backoffice.agencies.caption"
            empty="backoffice.agencies.empty"
            columns={columns}
            load={fetchAgencies}
            rowKey={(row) => row.Id}
            initialOrder={{ OrderBy: 'Status', Descending: false }}
          />
        </div>
        {selected && (
          <div ref={detailRef} tabIndex={-1} className={`${styles.block} ${styles.detail}`}>
            <AgencyDetail
              key={`${selected}-${version}`}
              agencyId={selected}
              onDecided={(message) => {
                setNotice(message);
                setVersion((count) => count + 1);
              }}
            />
          </div>
        )}
      </div>
    </section>
  );
}

type Loaded =
  | { state: 'loading' }
  | { state: 'done'; agency: BackofficeAgentur }
  | { state: 'failed'; message: string };

function AgencyDetail({ agencyId, onDecided }: { agencyId: string; onDecided: (message: string) => void }) {
  const t = useT();
  const id = useId();
  const { can } = useBackoffice();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });

  useEffect(() => {
    let current = true;
    fetchAgency(agencyId).then(
      (agency) => {
        if (current) setLoaded({ state: 'done', agency });
      },
      (error: unknown) => {
        if (current) setLoaded({ state: 'failed', message: failureMessage(t, error) });
      },
    );
    return () => {
      current = false;
    };
  }, [agencyId, t]);

  if (loaded.state === 'loading') return <p role="status">{t('backoffice.agencies.loading')}</p>;
  if (loaded.state === 'failed')
    return (
      <p className={styles.alert} role="alert">
        {loaded.message}
      </p>
    );
  const { agency } = loaded;
  const none = t('backoffice.agencies.none');
  const facts: [string, string][] = [
    ['backoffice.agencies.column.Status', t(`backoffice.agencies.status.${agency.Status}`)],
    ['backoffice.agencies.column.Agenturnummer', agency.Agenturnummer],
    ['backoffice.agencies.column.RegistriertAm', formatDateTime(agency.RegistriertAm)],
    [
      'backoffice.agencies.address',
      [agency.Strasse, `${agency.Plz} ${agency.Ort}`.trim()].filter(Boolean).join(', ') || none,
    ],
    ['backoffice.agencies.vatId', agency.UstId || none],
    ['backoffice.agencies.taxNumber', agency.Steuernummer || none],
    [
      'backoffice.agencies.contact',
      [agency.KontaktName, agency.KontaktEmail, agency.KontaktTelefon].filter(Boolean).join(', ') || none,
    ],
    ['backoffice.agencies.iban', agency.IBAN ?? none],
    ['backoffice.agencies.accountHolder', agency.Kontoinhaber ?? none],
    [
      'backoffice.agencies.owners',
      agency.Inhaber.map((owner) => `${owner.Name} (${owner.Email})`).join(', ') || none,
    ],
  ];
  return (
    <>
      <h2 id={`${id}-title`}>{agency.Firma}</h2>
      <dl className={styles.facts}>
        {facts.map(([label, value]) => (
          <div key={label} className={styles.fact}>
            <dt>{t(label)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {agency.Status === 'pending' && can('agencies') && (
        <Decision
          agency={agency}
          onDecided={(decided) =>
            onDecided(
              t(
                decided.Status === 'active'
                  ? 'backoffice.agencies.activated'
                  : 'backoffice.agencies.rejected',
                {
                  name: decided.Firma,
                },
              ),
            )
          }
        />
      )}
    </>
  );
}

/** The `backofficeAgencyDecision` form: activate or reject, a reason (required for a rejection). */
function Decision({
  agency,
  onDecided,
}: {
  agency: BackofficeAgentur;
  onDecided: (agency: BackofficeAgentur) => void;
}) {
  const t = useT();
  const id = useId();
  const submit = useFormSubmit({ fieldOfCode: { PSOF0766: 'Grund' } });
  const [formData, setFormData] = useState<BackofficeAgencyDecisionData>({ Entscheidung: 'activate' });
  const uiSchema = useMemo<UiSchema<BackofficeAgencyDecisionData>>(
    () => ({
      Entscheidung: {
        'ui:title': t('backoffice.agencies.decision'),
        'ui:enumNames': [t('backoffice.agencies.activate'), t('backoffice.agencies.reject')],
      },
      Grund: {
        'ui:title': t('backoffice.agencies.reason'),
        'ui:description': t('backoffice.agencies.reasonHint'),
        'ui:widget': 'textarea',
      },
    }),
    [t],
  );

  async function decide(values: BackofficeAgencyDecisionData) {
    const outcome = await submit.run(() =>
      decideAgency(agency.Id, {
        Entscheidung: values.Entscheidung ?? 'activate',
        ...(values.Grund ? { Grund: values.Grund } : {}),
      }),
    );
    if (outcome?.ok) onDecided(outcome.value);
  }

  return (
    <div className={styles.block}>
      <h3 id={`${id}-title`}>{t('backoffice.agencies.decisionTitle')}</h3>
      <p>{t('backoffice.agencies.decisionIntro')}</p>
      <SchemaForm<BackofficeAgencyDecisionData>
        form="backofficeAgencyDecision"
        idPrefix={`${id}-decision`}
        labelledBy={`${id}-title`}
        uiSchema={uiSchema}
        formData={formData}
        submit={submit}
        submitLabel="backoffice.agencies.submit"
        busyLabel="backoffice.agencies.busy"
        onChange={setFormData}
        onSubmit={decide}
      />
    </div>
  );
}
