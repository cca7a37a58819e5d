import type { ErrorCode } from './errors.ts';
import type { ProfiDataForm } from './forms/profiSeller.ts';

/**
 * The rules of a seller's data that a JSON Schema cannot state (issue 16), shared by the runtime's profi
 * forms (customValidate) and the server (server/profi/account/): a company needs its name; a small business
 * (§ 19 UStG) needs a Steuernummer, a seller with VAT a Steuernummer or a USt-IdNr; a Steuernummer has 10 to
 * 13 digits (the state formats with / or spaces, or the 13-digit ELSTER format); a USt-IdNr is two letters and
 * 2–12 characters (a German one: DE and 9 digits). The IBAN is checked with domain/iban.ts (checkIban).
 */

/** One problem: the field (JSON pointer) and the catalogue code the server answers with. */
export interface ProfiDataProblem {
  pointer: '/Firma' | '/Steuernummer' | '/UstId';
  code: Extract<ErrorCode, 'PSOF0941' | 'PSOF0942' | 'PSOF0943' | 'PSOF0944' | 'PSOF0945'>;
}

/** The digits of a Steuernummer as typed (spaces and / dropped). */
export function steuernummerDigits(value: string): string {
  return value.replace(/[\s/]/g, '');
}

/** A Steuernummer of 10–13 digits, separated by / or spaces only. Empty is not valid (a missing one is not a format problem). */
export function isValidSteuernummer(value: string): boolean {
  const digits = steuernummerDigits(value.trim());
  return /^[0-9]{10,13}$/.test(digits) && /^[0-9][0-9 /]*[0-9]$/.test(value.trim());
}

/** The USt-IdNr without spaces, upper case. */
export function normaliseUstId(value: string): string {
  return value.replace(/\s/g, '').toUpperCase();
}

/** Two letters and 2–12 characters; a German one is DE and exactly 9 digits. */
export function isValidUstId(value: string): boolean {
  const id = normaliseUstId(value);
  if (id.startsWith('DE')) return /^DE[0-9]{9}$/.test(id);
  return /^[A-Z]{2}[0-9A-Z+*.]{2,12}$/.test(id);
}

/** Every problem of the seller's data, in the order of the form's fields; [] when it can be stored. */
export function checkProfiData(data: ProfiDataForm): ProfiDataProblem[] {
  const problems: ProfiDataProblem[] = [];
  const firma = (data.Firma ?? '').trim();
  const steuernummer = (data.Steuernummer ?? '').trim();
  const ustId = (data.UstId ?? '').trim();
  if (data.Art === 'Firma' && firma === '') problems.push({ pointer: '/Firma', code: 'PSOF0942' });
  if (steuernummer !== '' && !isValidSteuernummer(steuernummer)) {
    problems.push({ pointer: '/Steuernummer', code: 'PSOF0941' });
  } else if (data.Steuerstatus === 'Kleinunternehmer' && steuernummer === '') {
    problems.push({ pointer: '/Steuernummer', code: 'PSOF0944' });
  } else if (data.Steuerstatus === 'Regelbesteuert' && steuernummer === '' && ustId === '') {
    problems.push({ pointer: '/Steuernummer', code: 'PSOF0943' });
  }
  if (ustId !== '' && !isValidUstId(ustId)) problems.push({ pointer: '/UstId', code: 'PSOF0945' });
  return problems;
}
