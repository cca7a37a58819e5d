import { textKey } from './common.ts';

/** The profi-seller area's navigation: overview, orders, commissions, billing, my area (issue 16). */
export const profiNavPropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { label: textKey },
} as const;
