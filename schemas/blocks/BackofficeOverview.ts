import { textKey } from './common.ts';

/** The back office's start page (issue 15): a greeting with name and roles, a card per section the user may open. */
export const backofficeOverviewPropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { headline: textKey },
} as const;
