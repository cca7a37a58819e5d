import type { ErrorTransformer, RJSFValidationError } from '@rjsf/utils';
import type { TFunction } from 'i18next';

/** How a field's problems are worded (SPEC 5). */
export interface FieldWording {
  /** The field's label, as `{field}` in '{field} ist ein Pflichtfeld'. */
  label: string;
  /** `consent`: a checkbox that must be ticked (terms); `email`: a wrong address has SPEC's own message. */
  kind?: 'text' | 'email' | 'consent';
}

/** The property a validation error is about: `.vorname` or the missing property of `required`. */
export function fieldOf(error: RJSFValidationError): string {
  const missing = (error.params as { missingProperty?: unknown } | undefined)?.missingProperty;
  if (error.name === 'required' && typeof missing === 'string') return missing;
  return (error.property ?? '').replace(/^\./, '').split('.')[0] ?? '';
}

/** A blank text: missing, empty, or spaces only (the schemas say minLength 1 and pattern \S). */
function isBlank(error: RJSFValidationError): boolean {
  const params = error.params as { limit?: unknown; pattern?: unknown } | undefined;
  return (
    error.name === 'required' ||
    (error.name === 'minLength' && params?.limit === 1) ||
    (error.name === 'pattern' && params?.pattern === '\\S')
  );
}

/**
 * rjsf's transformErrors with SPEC section 5's messages, word for word: '{field} ist ein Pflichtfeld' for an
 * empty field; for the terms checkbox 'Dies ist ein Pflichtfeld.' at the box and 'Die Zustimmung ist
 * erforderlich, um fortzufahren.' in the summary; 'Bitte geben Sie eine gültige E-Mail-Adresse ein.' for a
 * wrong address; '{field} ist nicht gültig' for anything else. One error per field: the first counts.
 */
export function specErrorTransformer<Data = unknown>(
  t: TFunction,
  fields: Readonly<Record<string, FieldWording>>,
): ErrorTransformer<Data> {
  return (errors) => {
    const seen = new Set<string>();
    const worded: RJSFValidationError[] = [];
    for (const error of errors) {
      const name = fieldOf(error);
      const wording = fields[name];
      if (!wording || seen.has(name)) continue;
      seen.add(name);
      const property = `.${name}`;
      if (wording.kind === 'consent') {
        worded.push({
          ...error,
          property,
          message: t('form.checkboxRequired'),
          stack: t('form.consentRequired'),
        });
        continue;
      }
      const message = isBlank(error)
        ? t('form.required', { field: wording.label })
        : wording.kind === 'email' && error.name === 'pattern'
          ? t('form.invalidEmail')
          : t('form.invalid', { field: wording.label });
      worded.push({ ...error, property, message, stack: message });
    }
    return worded;
  };
}
