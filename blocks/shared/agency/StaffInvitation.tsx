import type { UiSchema } from '@rjsf/utils';
import { useId, useMemo, useState } from 'react';
import { inviteStaff, SchemaForm, useFormSubmit, useT } from '../../../runtime/index.ts';
import { STAFF_ROLES, type StaffInvitationData } from '../../../schemas/forms/staffInvitation.ts';
import styles from './Agency.module.css';

/**
 * The owner invites a member of staff (POST /agentur/mitarbeiter): name, e-mail, employee number and role,
 * the `staffInvitation` form, below the list. After sending, the invited person gets a mail and the list
 * loads again to show them.
 */
export function StaffInvitation({ onInvited }: { onInvited?: () => void }) {
  const t = useT();
  const id = useId();
  const submit = useFormSubmit({ fieldOfCode: { PSOF0637: 'Email', PSOF0635: 'Mitarbeiternummer' } });
  const [formData, setFormData] = useState<StaffInvitationData>({ Rolle: 'employee' });
  const [sent, setSent] = useState<string | null>(null);

  const uiSchema = useMemo<UiSchema<StaffInvitationData>>(
    () => ({
      Name: { 'ui:title': t('agencyArea.staff.name'), 'ui:autocomplete': 'off' },
      Email: { 'ui:title': t('agencyArea.staff.email'), 'ui:widget': 'email', 'ui:autocomplete': 'off' },
      Mitarbeiternummer: { 'ui:title': t('agencyArea.staff.number'), 'ui:autocomplete': 'off' },
      Rolle: {
        'ui:title': t('agencyArea.staff.role'),
        'ui:enumNames': STAFF_ROLES.map((role) => t(`agencyArea.role.${role}`)),
      },
    }),
    [t],
  );

  async function send(data: StaffInvitationData) {
    setSent(null);
    const name = (data.Name ?? '').trim();
    const number = (data.Mitarbeiternummer ?? '').trim();
    const outcome = await submit.run(() =>
      inviteStaff({
        Name: name,
        Email: (data.Email ?? '').trim(),
        Mitarbeiternummer: number === '' ? null : number,
        Rolle: data.Rolle ?? 'employee',
      }),
    );
    if (!outcome?.ok) return;
    setSent(t('agencyArea.staff.invited', { name }));
    setFormData({ Rolle: 'employee' });
    onInvited?.();
  }

  return (
    <div className={styles.block}>
      <h2 id={`${id}-title`}>{t('agencyArea.staff.inviteTitle')}</h2>
      <p role="status" className={sent ? styles.success : 'visually-hidden'}>
        {sent ?? ''}
      </p>
      <SchemaForm<StaffInvitationData>
        form="staffInvitation"
        idPrefix={`${id}-staff`}
        labelledBy={`${id}-title`}
        uiSchema={uiSchema}
        formData={formData}
        submit={submit}
        submitLabel="agencyArea.staff.send"
        busyLabel="agencyArea.staff.sending"
        onChange={setFormData}
        onSubmit={send}
      />
    </div>
  );
}
