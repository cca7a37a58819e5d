/** A whole number of codes as a person types it. */
export const THRESHOLD_PATTERN = '^\\s*\\d{1,6}\\s*$';

/**
 * A voucher pool's low-stock threshold in the back office (issue 15, ability vouchers): below this many
 * free codes finance gets one alert mail. Body of PUT backoffice/gutscheine/{praemieId}/schwelle.
 */
export const voucherThresholdSchema = {
  $id: 'voucherThreshold',
  type: 'object',
  required: ['Schwelle'],
  additionalProperties: false,
  properties: {
    Schwelle: { type: 'string', minLength: 1, maxLength: 8, pattern: THRESHOLD_PATTERN },
  },
} as const;

export interface VoucherThresholdData {
  Schwelle?: string;
}
