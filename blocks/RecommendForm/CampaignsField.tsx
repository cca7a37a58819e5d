import type { FieldProps } from '@rjsf/utils';
import type { Aktion } from '../../schemas/recommendFormApi.ts';
import styles from './RecommendForm.module.css';

/** What the form passes its fields through rjsf's formContext. */
export interface RecommendFormContext {
  aktionen: Aktion[];
  campaignsLegend: string;
}

/**
 * The campaigns (SPEC 3: Aktion with Titel, Text, RechtsText, abgehakt, Zustimmung): each with its text and,
 * when it asks for consent, a checkbox labelled with its legal text. Consent is optional; the server stores
 * what was ticked with the version of the text.
 */
export function CampaignsField({
  formData,
  onChange,
  registry,
  fieldPathId,
  disabled,
}: FieldProps<Record<string, boolean>>) {
  const { aktionen, campaignsLegend } = registry.formContext as RecommendFormContext;
  const values = formData ?? {};
  const baseId = fieldPathId.$id;
  return (
    <fieldset className={styles.campaigns}>
      <legend className={styles.legend}>{campaignsLegend}</legend>
      {aktionen.map((aktion) => {
        const id = `${baseId}-${aktion.AktionsId}`;
        return (
          <div key={aktion.AktionsId} className={styles.campaign}>
            <p className={styles.campaignTitle}>{aktion.Titel}</p>
            <p>{aktion.Text}</p>
            {aktion.Zustimmung && (
              <div className={styles.checkbox}>
                <input
                  type="checkbox"
                  id={id}
                  checked={values[aktion.AktionsId] === true}
                  disabled={disabled}
                  onChange={(event) =>
                    onChange({ ...values, [aktion.AktionsId]: event.target.checked }, fieldPathId.path)
                  }
                />
                <label htmlFor={id}>{aktion.RechtsText}</label>
              </div>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
