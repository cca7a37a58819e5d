import { personNameField, requiredText } from './fields.ts';

/**
 * An IBAN as a person types it (spaces allowed), bounded. Its checksum, country format and ModuleIBANNurDE
 * are rules a JSON Schema cannot state: the form checks them in customValidate and the server in its
 * handler, both with domain/iban.ts (checkIban).
 */
export const ibanField = requiredText(64);

/**
 * The recommender's bank data (SPEC 2, BankDetails / EmpfehlerBankdaten) → PUT /empfehler/bankdaten/. Wire
 * names: the form's data is the request body. The holder must be a name (schemas/personalArea.ts checkName,
 * in the form's customValidate); the route keeps a looser holder rule so a bad one is answered with its own
 * code (PSOF0241) rather than a plain 400.
 */
export const bankDetailsSchema = {
  $id: 'bankDetails',
  type: 'object',
  required: ['IBAN', 'Kontoinhaber'],
  properties: {
    IBAN: ibanField,
    Kontoinhaber: personNameField,
  },
} as const;

/** What the form holds (every field optional: a fresh form is empty). */
export interface BankDetailsForm {
  IBAN?: string;
  Kontoinhaber?: string;
}
