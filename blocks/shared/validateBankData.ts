import { checkIban } from '../../schemas/iban.ts';

export type BankFieldProblem = 'required' | 'invalid' | 'notGerman' | null;

export interface BankDataProblems {
  iban: BankFieldProblem;
  kontoinhaber: BankFieldProblem;
}

export const NO_PROBLEMS: BankDataProblems = { iban: null, kontoinhaber: null };

/** The holder only has to be there (the recipient's bank data: the server asks no more). */
export function requiredHolder(value: string): 'required' | null {
  return value.trim() === '' ? 'required' : null;
}

/**
 * The checks the bank-data calls make, before sending: SPEC 5's required fields and '{field} ist nicht
 * gültig' (IBAN checksum and format), German IBANs only with ModuleIBANNurDE. How strict the holder check
 * is follows the server of the form: the recommender's bank data wants a name (checkName), the
 * recipient's only a value (requiredHolder).
 */
export function validateBankData(
  values: { iban: string; kontoinhaber: string },
  options: { germanOnly: boolean; checkHolder: (value: string) => BankFieldProblem },
): BankDataProblems {
  return {
    iban: values.iban.trim() === '' ? 'required' : checkIban(values.iban, { germanOnly: options.germanOnly }),
    kontoinhaber: options.checkHolder(values.kontoinhaber),
  };
}
