import { textKey } from './common.ts';

/** The back office's staff page (issue 15): the programme team, invite, roles, deactivate. */
export const backofficeStaffPropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { headline: textKey, intro: textKey },
} as const;
