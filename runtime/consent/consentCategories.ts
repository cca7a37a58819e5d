import { CONSENT_IDS, type ConsentId } from '../../schemas/constants.ts';

/** A category the user may switch; `required` is always on and never asked for. */
export type OptionalConsentId = Exclude<ConsentId, 'required'>;

/** SPEC section 3, consent category: id, title, descriptions, required flag, position. */
export interface ConsentCategory {
  readonly id: ConsentId;
  /** i18n key of the title. */
  readonly title: string;
  /** i18n key of the description. */
  readonly description: string;
  readonly required: boolean;
  /** Display order, 1 first. */
  readonly position: number;
}

/** The four categories of SPEC section 1 in the order of CONSENT_IDS. Texts come from the mandant's i18n. */
export const CONSENT_CATEGORIES: readonly ConsentCategory[] = CONSENT_IDS.map((id, index) => ({
  id,
  title: `consent.category.${id}.title`,
  description: `consent.category.${id}.description`,
  required: id === 'required',
  position: index + 1,
}));

export const OPTIONAL_CONSENT_IDS = CONSENT_IDS.filter((id): id is OptionalConsentId => id !== 'required');
