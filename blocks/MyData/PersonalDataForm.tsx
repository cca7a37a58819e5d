import type { CustomValidator, UiSchema } from '@rjsf/utils';
import { useId, useMemo, useState } from 'react';
import { SchemaForm, type SessionUser, useFormSubmit, useRecommender, useT } from '../../runtime/index.ts';
import type { PersonalData } from '../../schemas/forms/personalData.ts';
import { checkName, SALUTATIONS } from '../../schemas/personalArea.ts';
import styles from '../shared/PersonalArea.module.css';

const NAMES = ['Vorname', 'Nachname'] as const;

/**
 * Salutation and names (PUT /empfehler/meinedaten), the `personalData` schema (schemas/forms/personalData.ts)
 * with the wire names. The e-mail address is the login and is shown, not changed
 * (docs/adr/0011-erasure-and-export.md); the language follows the header's language switch.
 */
export function PersonalDataForm({ user }: { user: SessionUser }) {
  const t = useT();
  const id = useId();
  const recommender = useRecommender();
  const submit = useFormSubmit();
  // Filled once from the user the form opened with.
  const [formData, setFormData] = useState<PersonalData>(() => ({
    Anrede: (SALUTATIONS as readonly string[]).includes(user.Anrede) ? user.Anrede : '',
    Vorname: user.Vorname,
    Nachname: user.Nachname,
  }));
  const [saved, setSaved] = useState(false);

  const labels = useMemo(
    () => ({ Anrede: t('myData.anrede'), Vorname: t('myData.vorname'), Nachname: t('myData.nachname') }),
    [t],
  );
  const uiSchema = useMemo<UiSchema<PersonalData>>(
    () => ({
      Anrede: {
        'ui:title': labels.Anrede,
        'ui:autocomplete': 'honorific-prefix',
        'ui:enumNames': SALUTATIONS.map((salutation) =>
          t(salutation === '' ? 'myData.anrede.none' : `myData.anrede.${salutation}`),
        ),
      },
      Vorname: { 'ui:title': labels.Vorname, 'ui:autocomplete': 'given-name' },
      Nachname: { 'ui:title': labels.Nachname, 'ui:autocomplete': 'family-name' },
    }),
    [t, labels],
  );
  // SPEC 5 '{field} ist nicht gültig' for what is no name (digits, markup): checkName, as the server checks.
  const customValidate = useMemo<CustomValidator<PersonalData>>(
    () => (data, errors, _uiSchema, errorSchema) => {
      for (const field of NAMES) {
        const alreadyWrong = (errorSchema?.[field]?.__errors?.length ?? 0) > 0;
        if (!alreadyWrong && checkName(data?.[field] ?? '') === 'invalid') {
          errors[field]?.addError(t('form.invalid', { field: labels[field] }));
        }
      }
      return errors;
    },
    [t, labels],
  );

  async function save(values: PersonalData) {
    setSaved(false);
    const outcome = await submit.run(() =>
      recommender.saveMyData({
        Anrede: values.Anrede ?? '',
        Vorname: (values.Vorname ?? '').trim(),
        Nachname: (values.Nachname ?? '').trim(),
      }),
    );
    if (outcome?.ok) setSaved(true);
  }

  return (
    <div>
      <h2 id={`${id}-title`}>{t('myData.personal')}</h2>
      {saved && (
        <p className={styles.notice} role="status">
          {t('myData.saved')}
        </p>
      )}
      <SchemaForm<PersonalData>
        form="personalData"
        idPrefix={`${id}-form`}
        labelledBy={`${id}-title`}
        uiSchema={uiSchema}
        formData={formData}
        customValidate={customValidate}
        submit={submit}
        submitLabel="myData.save"
        busyLabel="myData.saving"
        onChange={setFormData}
        onSubmit={save}
      >
        <dl className={styles.facts}>
          <dt>{t('myData.email')}</dt>
          <dd>{user.Email}</dd>
          <dt>{t('myData.language')}</dt>
          <dd>{t(`runtime.language.${user.Language}`, { defaultValue: user.Language.toUpperCase() })}</dd>
        </dl>
        <p className={styles.muted}>
          {t('myData.emailNote')} {t('myData.languageNote')}
        </p>
      </SchemaForm>
    </div>
  );
}
