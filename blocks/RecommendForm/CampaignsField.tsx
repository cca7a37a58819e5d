import type { FieldProps } from '@rjsf/utils';
import type { Aktion } from '../../schemas/recommendFormApi.ts';
import styles from './RecommendForm.module.css';

/** What the form passes its fields through rjsf's formContext. */
export interface RecommendFormContext {
  campaigns: Aktion[];
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
  const { campaigns, campaignsLegend } = registry.formContext as RecommendFormContext;
  const values = formData ?? {};
  const baseId = fieldPathId.$id;
  return (
    <fieldset className={styles.campaigns}>
      <legend className={styles.legend}>{campaignsLegend}</legend>
      {campaigns.map((campaign) => {
        const id = `${baseId}-${campaign.AktionsId}`;
        return (
          <div key={campaign.AktionsId} className={styles.campaign}>
            <p className={styles.campaignTitle}>{campaign.Titel}</p>
            <p>{campaign.Text}</p>
            {campaign.Zustimmung && (
              <div className={styles.checkbox}>
                <input
                  type="checkbox"
                  id={id}
                  checked={values[campaign.AktionsId] === true}
                  disabled={disabled}
                  onChange={(event) =>
                    onChange({ ...values, [campaign.AktionsId]: event.target.checked }, fieldPathId.path)
                  }
                />
                <label htmlFor={id}>{campaign.RechtsText}</label>
              </div>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
