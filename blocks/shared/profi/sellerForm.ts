import type { ErrorSchema, FormValidation } from '@rjsf/utils';
import type { TFunction } from 'i18next';
import { errorKey } from '../../../runtime/index.ts';
import type { ProfiDataForm } from '../../../schemas/forms/profiSeller.ts';
import { PROFI_ARTEN, PROFI_STEUERSTATUS } from '../../../schemas/profi.ts';
import { checkProfiData } from '../../../schemas/profiRules.ts';

/** The seller's fields in the order they are shown; labels `profi.field.<Field>`. */
export const SELLER_FIELDS = [
  'Art',
  'Firma',
  'Vorname',
  'Nachname',
  'Strasse',
  'Plz',
  'Ort',
  'Telefon',
  'Steuerstatus',
  'Steuernummer',
  'UstId',
] as const;

/** The server's answers about one field are shown at it (schemas/errors.ts PSOF0941–0945). */
export const SELLER_FIELD_OF_CODE = {
  PSOF0941: 'Steuernummer',
  PSOF0942: 'Firma',
  PSOF0943: 'Steuernummer',
  PSOF0944: 'Steuernummer',
  PSOF0945: 'UstId',
} as const;

/** Labels, autocomplete, the two choices as radio buttons and the tax hints of the seller's fields. */
export function sellerUiSchema(t: TFunction): Record<(typeof SELLER_FIELDS)[number], object> {
  const title = (field: string) => t(`profi.field.${field}`);
  return {
    Art: {
      'ui:title': title('Art'),
      'ui:widget': 'radioChoice',
      'ui:options': { choices: PROFI_ARTEN.map((value) => ({ value, label: t(`profi.art.${value}`) })) },
    },
    Firma: {
      'ui:title': title('Firma'),
      'ui:autocomplete': 'organization',
      'ui:widget': 'textWithHint',
      'ui:options': { hint: t('profi.field.FirmaHint') },
    },
    Vorname: { 'ui:title': title('Vorname'), 'ui:autocomplete': 'given-name' },
    Nachname: { 'ui:title': title('Nachname'), 'ui:autocomplete': 'family-name' },
    Strasse: { 'ui:title': title('Strasse'), 'ui:autocomplete': 'street-address' },
    Plz: { 'ui:title': title('Plz'), 'ui:autocomplete': 'postal-code' },
    Ort: { 'ui:title': title('Ort'), 'ui:autocomplete': 'address-level2' },
    Telefon: { 'ui:title': title('Telefon'), 'ui:autocomplete': 'tel', 'ui:options': { inputType: 'tel' } },
    Steuerstatus: {
      'ui:title': title('Steuerstatus'),
      'ui:widget': 'radioChoice',
      'ui:options': {
        choices: PROFI_STEUERSTATUS.map((value) => ({ value, label: t(`profi.steuerstatus.${value}`) })),
      },
    },
    Steuernummer: {
      'ui:title': title('Steuernummer'),
      'ui:autocomplete': 'off',
      'ui:widget': 'textWithHint',
      'ui:options': { hint: t('profi.field.SteuernummerHint') },
    },
    UstId: {
      'ui:title': title('UstId'),
      'ui:autocomplete': 'off',
      'ui:widget': 'textWithHint',
      'ui:options': { hint: t('profi.field.UstIdHint') },
    },
  };
}

/**
 * The part of the seller form's customValidate that a JSON Schema cannot state (schemas/profiRules.ts, the
 * server's check too): a company's name, the tax number or VAT ID the tax status needs, their formats.
 * A field the schema already found wrong keeps only the schema's message.
 */
export function validateSellerData<Data extends ProfiDataForm>(
  t: TFunction,
  data: Data | undefined,
  errors: FormValidation<Data>,
  errorSchema: ErrorSchema<Data> | undefined,
): void {
  const schemaErrors = errorSchema as Record<string, { __errors?: unknown[] } | undefined> | undefined;
  const fields = errors as unknown as Record<string, { addError(message: string): void } | undefined>;
  for (const problem of checkProfiData(data ?? {})) {
    const field = problem.pointer.slice(1);
    if ((schemaErrors?.[field]?.__errors?.length ?? 0) > 0) continue;
    fields[field]?.addError(t(errorKey(problem.code)));
  }
}

/** Trimmed texts of the seller's data, as the server takes them (empty optional texts stay ''). */
export function sellerBody(values: ProfiDataForm): Required<ProfiDataForm> {
  const text = (field: keyof ProfiDataForm) => String(values[field] ?? '').trim();
  return {
    Art: values.Art ?? 'Person',
    Firma: values.Art === 'Firma' ? text('Firma') : '',
    Vorname: text('Vorname'),
    Nachname: text('Nachname'),
    Telefon: text('Telefon'),
    Strasse: text('Strasse'),
    Plz: text('Plz'),
    Ort: text('Ort'),
    Steuerstatus: values.Steuerstatus ?? 'Kleinunternehmer',
    Steuernummer: text('Steuernummer'),
    UstId: text('UstId'),
  };
}
