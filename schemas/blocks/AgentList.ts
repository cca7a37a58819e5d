import { sectionAnchor } from './blockImage.ts';
import { textKey } from './common.ts';

/**
 * The agent list of a mandant with produktApi 'agent list' (SPEC 7: Produkt/berater): search by name,
 * post code or city, pages of six, photos; choosing an agent leads to the recommend page.
 */
export const agentListPropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { headline: textKey, intro: textKey, anchor: sectionAnchor },
} as const;
