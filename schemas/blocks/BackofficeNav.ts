import { textKey } from './common.ts';

/** The back office's navigation (issue 15): the sections the signed-in back-office user may open. */
export const backofficeNavPropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { label: textKey },
} as const;
