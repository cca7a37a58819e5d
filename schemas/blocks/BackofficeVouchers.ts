import { textKey } from './common.ts';

/**
 * The back office's voucher pools (issue 15, ability vouchers): stock per pool, low-stock alerts, the CSV
 * import of codes and each pool's threshold. The page's h1.
 */
export const backofficeVouchersPropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { headline: textKey, intro: textKey },
} as const;
