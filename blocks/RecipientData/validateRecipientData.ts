import { emailProblem, type FieldProblem, requiredProblem } from '../shared/accountFormErrors.ts';

export interface RecipientDataValues {
  vorname: string;
  nachname: string;
  email: string;
  terms: boolean;
}

export type TermsProblem = 'required' | null;

export interface RecipientDataProblems {
  vorname: FieldProblem;
  nachname: FieldProblem;
  email: FieldProblem;
  terms: TermsProblem;
}

export const NO_PROBLEMS: RecipientDataProblems = { vorname: null, nachname: null, email: null, terms: null };

/** SPEC 5: first and last name required, a plausible e-mail, the terms box ticked. */
export function validateRecipientData(values: RecipientDataValues): RecipientDataProblems {
  return {
    vorname: requiredProblem(values.vorname),
    nachname: requiredProblem(values.nachname),
    email: emailProblem(values.email),
    terms: values.terms ? null : 'required',
  };
}
