import { checkName } from '../../schemas/personalArea.ts';
import { emailProblem } from '../shared/accountFormErrors.ts';

export interface Receipt {
  vorname: string;
  nachname: string;
  email: string;
}

export type ReceiptProblems = Record<keyof Receipt, 'required' | 'invalid' | 'invalidEmail' | null>;

export const NO_PROBLEMS: ReceiptProblems = { vorname: null, nachname: null, email: null };

/** The receipt form (SPEC 2, RewardDetails): names as the server checks them, a plausible e-mail. */
export function validateReceipt(values: Receipt): ReceiptProblems {
  return {
    vorname: checkName(values.vorname),
    nachname: checkName(values.nachname),
    email: emailProblem(values.email),
  };
}
