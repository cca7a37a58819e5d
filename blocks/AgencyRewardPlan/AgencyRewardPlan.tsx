import type { UiSchema } from '@rjsf/utils';
import { useId, useMemo, useState } from 'react';
import {
  addRewardPlanEntry,
  DataTable,
  type DataTableColumn,
  deleteRewardPlanEntry,
  failureMessage,
  fetchRewardPlan,
  formatDate,
  formatMoney,
  listReport,
  SchemaForm,
  useFormSubmit,
  useT,
} from '../../runtime/index.ts';
import type { PraemienplanEintrag } from '../../schemas/agencyAdmin.ts';
import { euroToCent, type RewardPlanEntryData } from '../../schemas/forms/rewardPlanEntry.ts';
import styles from '../shared/agency/Agency.module.css';
import { AgencyGate } from '../shared/agency/AgencyGate.tsx';
import type { AgencyRewardPlanProps } from './schema.ts';

/**
 * The agency's reward plan (issue 14): which product earns the agency what for an order it brought, and
 * from when. Everyone with `rewardPlan` sees it; `rewardPlanAdd` adds an entry, `rewardPlanDelete` deletes
 * one (SPEC 6).
 */
export function AgencyRewardPlan({
  headline = 'agencyArea.rewardPlan.headline',
  intro = 'agencyArea.rewardPlan.intro',
}: AgencyRewardPlanProps) {
  const t = useT();
  const id = useId();
  return (
    <section className={styles.section} aria-labelledby={`${id}-headline`}>
      <div className="container">
        <h1 id={`${id}-headline`}>{t(headline)}</h1>
        <AgencyGate ability="rewardPlan">
          {(agency) => (
            <>
              <p>{t(intro)}</p>
              <RewardPlan canAdd={agency.can('rewardPlanAdd')} canDelete={agency.can('rewardPlanDelete')} />
            </>
          )}
        </AgencyGate>
      </div>
    </section>
  );
}

function RewardPlan({ canAdd, canDelete }: { canAdd: boolean; canDelete: boolean }) {
  const t = useT();
  const [version, setVersion] = useState(0);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const load = useMemo(() => listReport(fetchRewardPlan, { OrderBy: 'GueltigAb', Descending: true }), []);

  const columns = useMemo<DataTableColumn<PraemienplanEintrag>[]>(() => {
    const all: DataTableColumn<PraemienplanEintrag>[] = [
      {
        id: 'Produkt',
        header: 'agencyArea.column.Produkt',
        sortable: true,
        filter: { type: 'text' },
        cell: (row) => row.Produkt ?? String(row.ProduktId),
      },
      { id: 'ProduktId', header: 'agencyArea.column.ProduktId', sortable: true },
      {
        id: 'ProvisionCent',
        header: 'agencyArea.column.ProvisionCent',
        sortable: true,
        numeric: true,
        cell: (row) => formatMoney(row.ProvisionCent),
      },
      {
        id: 'GueltigAb',
        header: 'agencyArea.column.GueltigAb',
        sortable: true,
        cell: (row) => formatDate(row.GueltigAb),
      },
      {
        id: 'GueltigBis',
        header: 'agencyArea.column.GueltigBis',
        sortable: true,
        cell: (row) => (row.GueltigBis ? formatDate(row.GueltigBis) : t('agencyArea.rewardPlan.open')),
      },
    ];
    if (!canDelete) return all;
    return [
      ...all,
      {
        id: 'Aktion',
        header: 'agencyArea.column.Aktion',
        cell: (row) => {
          const name = row.Produkt ?? String(row.ProduktId);
          return (
            <button
              type="button"
              className={styles.small}
              aria-disabled={busy || undefined}
              aria-label={t('agencyArea.rewardPlan.deleteFor', { name })}
              onClick={async () => {
                if (busy) return;
                setBusy(true);
                setFailure(null);
                setDone(null);
                try {
                  await deleteRewardPlanEntry(row.Id);
                  setDone(t('agencyArea.rewardPlan.deleted', { name }));
                  setVersion((count) => count + 1);
                } catch (error) {
                  setFailure(failureMessage(t, error));
                } finally {
                  setBusy(false);
                }
              }}
            >
              {t('agencyArea.rewardPlan.delete')}
            </button>
          );
        },
      },
    ];
  }, [t, canDelete, busy]);

  return (
    <>
      {canAdd && (
        <AddEntry
          onAdded={(name) => {
            setDone(t('agencyArea.rewardPlan.added', { name }));
            setVersion((count) => count + 1);
          }}
        />
      )}
      <div className={styles.block}>
        {failure && (
          <p className={styles.alert} role="alert">
            {failure}
          </p>
        )}
        <p role="status" className={done ? styles.success : 'visually-hidden'}>
          {done ?? ''}
        </p>
        <DataTable<PraemienplanEintrag>
          key={version}
          caption="agencyArea.rewardPlan.caption"
          empty="agencyArea.rewardPlan.empty"
          columns={columns}
          load={load}
          rowKey={(row) => row.Id}
          initialOrder={{ OrderBy: 'GueltigAb', Descending: true }}
        />
      </div>
    </>
  );
}

/** The `rewardPlanEntry` form: product, commission in euros, valid from (and until). */
function AddEntry({ onAdded }: { onAdded: (name: string) => void }) {
  const t = useT();
  const id = useId();
  const submit = useFormSubmit({
    fieldOfCode: { PSOF0640: 'ProduktId', PSOF0641: 'GueltigAb', PSOF0642: 'GueltigBis' },
  });
  const [formData, setFormData] = useState<RewardPlanEntryData>({});
  const uiSchema = useMemo<UiSchema<RewardPlanEntryData>>(
    () => ({
      ProduktId: { 'ui:title': t('agencyArea.rewardPlan.produktId'), 'ui:autocomplete': 'off' },
      Provision: { 'ui:title': t('agencyArea.rewardPlan.provision'), 'ui:autocomplete': 'off' },
      GueltigAb: { 'ui:title': t('agencyArea.rewardPlan.gueltigAb'), 'ui:options': { inputType: 'date' } },
      GueltigBis: { 'ui:title': t('agencyArea.rewardPlan.gueltigBis'), 'ui:options': { inputType: 'date' } },
    }),
    [t],
  );

  async function add(values: RewardPlanEntryData) {
    const produkt = (values.ProduktId ?? '').trim();
    const outcome = await submit.run(() =>
      addRewardPlanEntry({
        ProduktId: produkt,
        ProvisionCent: euroToCent(values.Provision ?? '0'),
        GueltigAb: values.GueltigAb ?? '',
        ...(values.GueltigBis ? { GueltigBis: values.GueltigBis } : {}),
      }),
    );
    if (!outcome?.ok) return;
    setFormData({});
    onAdded(produkt);
  }

  return (
    <div className={styles.block}>
      <h2 id={`${id}-title`}>{t('agencyArea.rewardPlan.addTitle')}</h2>
      <SchemaForm<RewardPlanEntryData>
        form="rewardPlanEntry"
        idPrefix={`${id}-entry`}
        labelledBy={`${id}-title`}
        uiSchema={uiSchema}
        formData={formData}
        submit={submit}
        submitLabel="agencyArea.rewardPlan.add"
        busyLabel="agencyArea.rewardPlan.adding"
        onChange={setFormData}
        onSubmit={add}
      />
    </div>
  );
}
