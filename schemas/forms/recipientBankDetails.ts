import { ibanField } from './bankDetails.ts';
import { requiredText } from './fields.ts';

/**
 * The recipient's bank data (SPEC 2, BankDetailsRecipient) → POST /empfaenger/bankdaten. Wire names: the
 * form's data is the request body, and the route validates this same schema. The IBAN's checksum and
 * ModuleIBANNurDE are checked with domain/iban.ts (the form's customValidate, the route's handler).
 */
export const recipientBankDetailsSchema = {
  $id: 'recipientBankDetails',
  type: 'object',
  required: ['IBAN', 'Kontoinhaber'],
  additionalProperties: false,
  properties: {
    IBAN: ibanField,
    // SEPA allows 70 characters for a name; the holder only has to be there.
    Kontoinhaber: requiredText(70),
  },
} as const;

/** What the form holds (every field optional: a fresh form is empty). */
export interface RecipientBankDetailsForm {
  IBAN?: string;
  Kontoinhaber?: string;
}
