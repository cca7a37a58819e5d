import type { TFunction } from 'i18next';
import { ApiRequestError, errorKey } from '../../runtime/index.ts';
import type { ErrorCode } from '../../schemas/errors.ts';
import { isEmailAddress } from '../../schemas/forms/fields.ts';

/** What is wrong with a required text field (an i18n-free verdict; the block words it). */
export type FieldProblem = 'required' | 'invalidEmail' | null;

export function requiredProblem(value: string): FieldProblem {
  return value.trim() === '' ? 'required' : null;
}

/** SPEC 5: required, and a plausible address ('Bitte geben Sie eine gültige E-Mail-Adresse ein.'). */
export function emailProblem(value: string): FieldProblem {
  const trimmed = value.trim();
  if (trimmed === '') return 'required';
  return isEmailAddress(trimmed) ? null : 'invalidEmail';
}

/** The message of a field problem: SPEC 5's '{field} ist ein Pflichtfeld' or the invalid e-mail text. */
export function fieldMessage(t: TFunction, problem: FieldProblem, label: string): string | null {
  if (problem === 'required') return t('form.required', { field: label });
  if (problem === 'invalidEmail') return t(errorKey('PSOF0302'));
  return null;
}

/** The code of a failed call (PSOF0001 for anything that is not an API answer). */
export function failureCode(error: unknown): ErrorCode {
  return error instanceof ApiRequestError ? error.code : 'PSOF0001';
}

/** A failed call's message in the current language (the server's text while the catalogue loads). */
export function failureMessage(t: TFunction, error: unknown): string {
  const fallback = error instanceof ApiRequestError ? error.message : '';
  return t(errorKey(failureCode(error)), { defaultValue: fallback });
}
