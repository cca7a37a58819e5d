import type { TFunction } from 'i18next';
import { errorKey } from '../../runtime/index.ts';
import { CONTACT_LIMITS, type ContactField, type ContactFieldProblem } from '../../schemas/contentContact.ts';

/** The message under a field: SPEC 5's '{field} ist ein Pflichtfeld', the invalid e-mail text, or too long. */
export function contactFieldMessage(
  t: TFunction,
  field: ContactField,
  problem: ContactFieldProblem | undefined,
  label: string,
): string | null {
  if (problem === 'required') return t('form.required', { field: label });
  if (problem === 'invalid') return t(errorKey('PSOF0302'));
  if (problem === 'tooLong') return t('contact.tooLong', { field: label, max: CONTACT_LIMITS[field] });
  return null;
}
