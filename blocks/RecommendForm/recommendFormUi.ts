import type { UiSchema } from '@rjsf/utils';
import type { TFunction } from 'i18next';
import type { FieldWording, FormName, RadioChoice, SessionUser } from '../../runtime/index.ts';
import type { MandantResponse } from '../../schemas/api.ts';
import {
  offeredShares,
  type RecommendFormData,
  type RecommendFormVariant,
} from '../../schemas/recommendForm.ts';
import type { Aktion } from '../../schemas/recommendFormApi.ts';

export const FORM_OF_VARIANT: Record<RecommendFormVariant, FormName> = {
  standard: 'recommendForm',
  agent: 'recommendFormAgent',
  company: 'recommendFormCompany',
};

type Mandant = Pick<
  MandantResponse,
  'RecommenderDefaultShare' | 'AgbCheckBoxAutoAccept' | 'ModuleNewsletterPermission' | 'EmailWhitelist'
>;

export interface FormSetup {
  variant: RecommendFormVariant;
  mandant: Mandant;
  user: SessionUser | null;
  campaigns: readonly Aktion[];
}

/** The labels, autocomplete hints and which optional parts show (they differ per mandant, the schema does not). */
export function recommendUiSchema(t: TFunction, setup: FormSetup): UiSchema<RecommendFormData> {
  const shares = offeredShares(setup.mandant.RecommenderDefaultShare);
  const choices: RadioChoice[] = shares.map((percent) => ({
    value: percent,
    label: percent === 50 ? t('recommend.form.shareSplit') : t('recommend.form.shareDefault', { percent }),
  }));
  // The newsletter double opt-in belongs to an account (PUT /empfehler/setNewsletterOptin): offered when logged in.
  const newsletter =
    setup.mandant.ModuleNewsletterPermission && setup.user !== null && !setup.user.NewsletterOptinGegeben;
  return {
    ...(setup.variant === 'agent'
      ? { agentennummer: { 'ui:title': t('recommend.form.agentennummer'), 'ui:autocomplete': 'off' } }
      : {}),
    ...(setup.variant === 'company'
      ? { firma: { 'ui:title': t('recommend.form.firma'), 'ui:autocomplete': 'organization' } }
      : {}),
    vorname: { 'ui:title': t('recommend.form.vorname'), 'ui:autocomplete': 'given-name' },
    nachname: { 'ui:title': t('recommend.form.nachname'), 'ui:autocomplete': 'family-name' },
    email: {
      'ui:title': t('recommend.form.email'),
      'ui:widget': 'email',
      'ui:autocomplete': 'email',
      // A logged-in recommender recommends as their account (the server uses its address).
      'ui:readonly': setup.user !== null,
    },
    anteilEmpfehler:
      choices.length > 1
        ? { 'ui:title': t('recommend.form.share'), 'ui:widget': 'radioChoice', 'ui:options': { choices } }
        : { 'ui:widget': 'hidden' },
    aktionen: setup.campaigns.length > 0 ? { 'ui:field': 'campaigns' } : { 'ui:field': 'none' },
    newsletter: newsletter ? { 'ui:title': t('recommend.form.newsletter') } : { 'ui:widget': 'hidden' },
    agb: { 'ui:title': t('recommend.form.terms') },
  };
}

/** The form before the user types: prefilled from the logged-in user, the default split and pre-ticks. */
export function initialFormData(setup: FormSetup): RecommendFormData {
  return {
    ...(setup.user
      ? { vorname: setup.user.Vorname, nachname: setup.user.Nachname, email: setup.user.Email }
      : {}),
    anteilEmpfehler: offeredShares(setup.mandant.RecommenderDefaultShare)[0],
    aktionen: Object.fromEntries(
      setup.campaigns
        .filter((campaign) => campaign.Zustimmung)
        .map((campaign) => [campaign.AktionsId, campaign.abgehakt]),
    ),
    newsletter: false,
    ...(setup.mandant.AgbCheckBoxAutoAccept ? { agb: true } : {}),
  };
}

/** How each field's problems are worded (SPEC 5). */
export function recommendWording(t: TFunction): Record<string, FieldWording> {
  return {
    agentennummer: { label: t('recommend.form.agentennummer') },
    firma: { label: t('recommend.form.firma') },
    vorname: { label: t('recommend.form.vorname') },
    nachname: { label: t('recommend.form.nachname') },
    email: { label: t('recommend.form.email'), kind: 'email' },
    anteilEmpfehler: { label: t('recommend.form.share') },
    agb: { label: t('recommend.form.terms'), kind: 'consent' },
  };
}
