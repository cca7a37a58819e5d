/**
 * The customer number a reward is credited to (SPEC 2 CustomerNumber / KundenNummer): as clients print them
 * on bills, 4–20 digits, letters or dashes. The call carries it in its path
 * (PUT /empfehler/SetKundennummerForEmpfehler/{id}), where the server checks the same rule
 * (checkKundennummer in schemas/personalArea.ts, 422 PSOF0248).
 */
export const CUSTOMER_NUMBER_PATTERN = '^[A-Za-z0-9][A-Za-z0-9-]{2,18}[A-Za-z0-9]$';

export const customerNumberSchema = {
  $id: 'customerNumber',
  type: 'object',
  required: ['Kundennummer'],
  properties: {
    Kundennummer: { type: 'string', minLength: 1, maxLength: 20, pattern: CUSTOMER_NUMBER_PATTERN },
  },
} as const;

export interface CustomerNumberData {
  Kundennummer?: string;
}
