import { textKey } from './common.ts';

/**
 * One recommendation in the back office (issue 15): its facts, orders, rewards and the whole timeline; the forms to confirm, cancel or reassign an order for users with the ability orders. The page's h1.
 */
export const backofficeOrderPropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { headline: textKey, intro: textKey },
} as const;
