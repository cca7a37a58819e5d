import type { UiSchema } from '@rjsf/utils';
import { useCallback, useId, useMemo, useState } from 'react';
import { BACKOFFICE_ROLES } from '../../domain/backofficeAbilities.ts';
import {
  changeBackofficeStaffRoles,
  DataTable,
  type DataTableColumn,
  failureMessage,
  fetchBackofficeStaff,
  formatDateTime,
  inviteBackofficeStaff,
  SchemaForm,
  setBackofficeStaffStatus,
  useBackoffice,
  useFormSubmit,
  useT,
} from '../../runtime/index.ts';
import type { BackofficeMitarbeiterZeile } from '../../schemas/backofficeStaff.ts';
import type {
  BackofficeStaffInvitationData,
  BackofficeStaffRolesData,
} from '../../schemas/forms/backofficeStaff.ts';
import styles from '../shared/backoffice/BackofficeAdmin.module.css';
import type { BackofficeStaffProps } from './schema.ts';

const STATUS_OPTIONS = [
  { value: 'active', label: 'backoffice.staff.status.active' },
  { value: 'inactive', label: 'backoffice.staff.status.inactive' },
] as const;

/**
 * The programme team (issue 15, ability staff): the list, an invitation (name, e-mail, roles: a mail with a
 * set-password link), changing a member's roles and deactivating or reactivating them. The server refuses an
 * admin's own demotion or deactivation; the page offers neither for the signed-in user.
 */
export function BackofficeStaff({
  headline = 'backoffice.staff.headline',
  intro = 'backoffice.staff.intro',
}: BackofficeStaffProps) {
  const t = useT();
  const id = useId();
  const { user } = useBackoffice();
  const [version, setVersion] = useState(0);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [editing, setEditing] = useState<BackofficeMitarbeiterZeile | null>(null);
  const roleNames = useMemo(() => BACKOFFICE_ROLES.map((role) => t(`backoffice.overview.role.${role}`)), [t]);

  const toggle = useCallback(
    async (row: BackofficeMitarbeiterZeile) => {
      setFailure(null);
      try {
        const next = await setBackofficeStaffStatus(row, row.Status === 'active' ? 'inactive' : 'active');
        setDone(t(`backoffice.staff.statusChanged.${next.Status}`, { name: next.Name }));
        setVersion((count) => count + 1);
      } catch (error) {
        setFailure(failureMessage(t, error));
      }
    },
    [t],
  );

  const columns = useMemo<DataTableColumn<BackofficeMitarbeiterZeile>[]>(
    () => [
      { id: 'Name', header: 'backoffice.staff.column.Name', sortable: true, filter: { type: 'text' } },
      { id: 'Email', header: 'backoffice.staff.column.Email', sortable: true, filter: { type: 'text' } },
      {
        id: 'Rollen',
        header: 'backoffice.staff.column.Rollen',
        filter: { type: 'text' },
        cell: (row) => row.Rollen.map((role) => t(`backoffice.overview.role.${role}`)).join(', '),
      },
      {
        id: 'Status',
        header: 'backoffice.staff.column.Status',
        sortable: true,
        filter: { type: 'enum', options: STATUS_OPTIONS },
        cell: (row) => t(`backoffice.staff.status.${row.Status}`),
      },
      {
        id: 'Anmeldung',
        header: 'backoffice.staff.column.Anmeldung',
        cell: (row) => t(`backoffice.staff.signIn.${row.Anmeldung}`),
      },
      {
        id: 'LetzteAnmeldung',
        header: 'backoffice.staff.column.LetzteAnmeldung',
        sortable: true,
        cell: (row) => (row.LetzteAnmeldung ? formatDateTime(row.LetzteAnmeldung) : '—'),
      },
      {
        id: 'Aktion',
        header: 'backoffice.staff.column.Aktion',
        cell: (row) =>
          row.Email === user?.Email ? (
            t('backoffice.staff.you')
          ) : (
            <span className={styles.actions}>
              <button
                type="button"
                className={styles.small}
                aria-label={t('backoffice.staff.editFor', { name: row.Name })}
                onClick={() => setEditing(row)}
              >
                {t('backoffice.staff.edit')}
              </button>
              <button
                type="button"
                className={styles.small}
                aria-label={t(`backoffice.staff.toggleFor.${row.Status}`, { name: row.Name })}
                onClick={() => void toggle(row)}
              >
                {t(`backoffice.staff.toggle.${row.Status}`)}
              </button>
            </span>
          ),
      },
    ],
    [t, user?.Email, toggle],
  );

  return (
    <section className={styles.section} aria-labelledby={`${id}-headline`}>
      <div className="container">
        <h1 id={`${id}-headline`}>{t(headline)}</h1>
        <p>{t(intro)}</p>
        <Invite
          roleNames={roleNames}
          onInvited={(row) => {
            setDone(t('backoffice.staff.invited', { name: row.Name, email: row.Email }));
            setVersion((count) => count + 1);
          }}
        />
        <div className={styles.block}>
          <p role="status" className={done ? styles.success : 'visually-hidden'}>
            {done ?? ''}
          </p>
          {failure && (
            <p className={styles.alert} role="alert">
              {failure}
            </p>
          )}
          <DataTable<BackofficeMitarbeiterZeile>
            key={version}
            caption="backoffice.staff.caption"
            empty="backoffice.staff.empty"
            columns={columns}
            load={fetchBackofficeStaff}
            rowKey={(row) => row.Id}
            initialOrder={{ OrderBy: 'Name', Descending: false }}
          />
        </div>
        {editing && (
          <Roles
            key={editing.Id}
            row={editing}
            roleNames={roleNames}
            onDone={(row) => {
              setEditing(null);
              if (row) {
                setDone(t('backoffice.staff.rolesChanged', { name: row.Name }));
                setVersion((count) => count + 1);
              }
            }}
          />
        )}
      </div>
    </section>
  );
}

function Invite({
  roleNames,
  onInvited,
}: {
  roleNames: string[];
  onInvited: (row: BackofficeMitarbeiterZeile) => void;
}) {
  const t = useT();
  const id = useId();
  const submit = useFormSubmit({ fieldOfCode: { PSOF0833: 'Email', PSOF0302: 'Email' } });
  const [formData, setFormData] = useState<BackofficeStaffInvitationData>({});
  const uiSchema = useMemo<UiSchema<BackofficeStaffInvitationData>>(
    () => ({
      Name: { 'ui:title': t('backoffice.staff.name') },
      Email: { 'ui:title': t('backoffice.staff.email'), 'ui:options': { inputType: 'email' } },
      Rollen: {
        'ui:title': t('backoffice.staff.roles'),
        'ui:widget': 'checkboxes',
        'ui:enumNames': roleNames,
      },
    }),
    [t, roleNames],
  );
  async function invite(values: BackofficeStaffInvitationData) {
    const outcome = await submit.run(() =>
      inviteBackofficeStaff({
        Name: values.Name ?? '',
        Email: values.Email ?? '',
        Rollen: values.Rollen ?? [],
      }),
    );
    if (!outcome?.ok) return;
    setFormData({});
    onInvited(outcome.value);
  }
  return (
    <div className={styles.block}>
      <h2 id={`${id}-title`}>{t('backoffice.staff.inviteTitle')}</h2>
      <p>{t('backoffice.staff.inviteIntro')}</p>
      <SchemaForm<BackofficeStaffInvitationData>
        form="backofficeStaffInvitation"
        idPrefix={`${id}-invite`}
        labelledBy={`${id}-title`}
        uiSchema={uiSchema}
        formData={formData}
        submit={submit}
        submitLabel="backoffice.staff.invite"
        busyLabel="backoffice.staff.inviting"
        onChange={setFormData}
        onSubmit={invite}
      />
    </div>
  );
}

function Roles({
  row,
  roleNames,
  onDone,
}: {
  row: BackofficeMitarbeiterZeile;
  roleNames: string[];
  onDone: (row: BackofficeMitarbeiterZeile | null) => void;
}) {
  const t = useT();
  const id = useId();
  const submit = useFormSubmit();
  const [formData, setFormData] = useState<BackofficeStaffRolesData>({ Rollen: row.Rollen });
  const uiSchema = useMemo<UiSchema<BackofficeStaffRolesData>>(
    () => ({
      Rollen: {
        'ui:title': t('backoffice.staff.roles'),
        'ui:widget': 'checkboxes',
        'ui:enumNames': roleNames,
      },
    }),
    [t, roleNames],
  );
  async function save(values: BackofficeStaffRolesData) {
    const outcome = await submit.run(() => changeBackofficeStaffRoles(row, values.Rollen ?? []));
    if (outcome?.ok) onDone(outcome.value);
  }
  return (
    <section className={`${styles.block} ${styles.detail}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('backoffice.staff.rolesTitle', { name: row.Name })}</h2>
      <SchemaForm<BackofficeStaffRolesData>
        form="backofficeStaffRoles"
        idPrefix={`${id}-roles`}
        labelledBy={`${id}-title`}
        uiSchema={uiSchema}
        formData={formData}
        submit={submit}
        submitLabel="backoffice.staff.saveRoles"
        busyLabel="backoffice.staff.saving"
        onChange={setFormData}
        onSubmit={save}
      />
      <div className={styles.actions}>
        <button type="button" className="button-inverse" onClick={() => onDone(null)}>
          {t('backoffice.staff.cancel')}
        </button>
      </div>
    </section>
  );
}
