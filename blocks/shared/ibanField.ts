import type { ErrorSchema, FormValidation } from '@rjsf/utils';
import type { TFunction } from 'i18next';
import { checkIban } from '../../domain/iban.ts';
import { errorKey } from '../../runtime/index.ts';
import type { ErrorCode } from '../../schemas/errors.ts';

export interface IbanFieldRules {
  /** ModuleIBANNurDE: only German IBANs. */
  germanOnly: boolean;
  /** The field's label, as `{field}` in SPEC 5's '{field} ist nicht gültig'. */
  label: string;
  /**
   * The catalogue's code for a foreign IBAN here (PSOF0242 for the recommender, PSOF0333 for the recipient):
   * one wording in SPEC 5's '{field} ist nicht gültig' form for both (schemas/errors.ts).
   */
  notGermanCode: ErrorCode;
}

/**
 * The part of a bank form's customValidate that a JSON Schema cannot state: the IBAN's checksum and, under
 * ModuleIBANNurDE, its country (domain/iban.ts, the server's check too). Only when the schema found nothing.
 */
export function validateIbanField<Data extends { IBAN?: string }>(
  t: TFunction,
  rules: IbanFieldRules,
  data: Data | undefined,
  errors: FormValidation<Data>,
  errorSchema: ErrorSchema<Data> | undefined,
): void {
  const iban = data?.IBAN ?? '';
  const schemaErrors = (errorSchema as { IBAN?: { __errors?: unknown[] } } | undefined)?.IBAN?.__errors;
  if (iban === '' || (schemaErrors?.length ?? 0) > 0) return;
  const invalid = t('form.invalid', { field: rules.label });
  const problem = checkIban(iban, { germanOnly: rules.germanOnly });
  const field = (errors as { IBAN?: { addError(message: string): void } }).IBAN;
  if (problem === 'invalid') field?.addError(invalid);
  if (problem === 'notGerman') field?.addError(t(errorKey(rules.notGermanCode), { defaultValue: invalid }));
}
