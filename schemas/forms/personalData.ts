import { SALUTATIONS } from '../personalArea.ts';
import { personNameField } from './fields.ts';

/**
 * Salutation and names in MyData (PersonalDataForm → PUT /empfehler/meinedaten), with the wire names. "Keine
 * Angabe" ('') is a salutation like the others, so the form does not mark it required; the block sends ''
 * when none is chosen. A name that is not one (digits, markup) is found by customValidate with checkName
 * (schemas/personalArea.ts); the route composes its body from the same salutation and checks names itself
 * (422 PSOF0249 with a pointer per field).
 */
export const personalDataSchema = {
  $id: 'personalData',
  type: 'object',
  required: ['Vorname', 'Nachname'],
  properties: {
    Anrede: { type: 'string', enum: [...SALUTATIONS] },
    Vorname: personNameField,
    Nachname: personNameField,
  },
} as const;

export interface PersonalData {
  Anrede?: string;
  Vorname?: string;
  Nachname?: string;
}
