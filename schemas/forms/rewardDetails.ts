import { emailField, personNameField } from './fields.ts';

/**
 * The receipt form of a chosen reward (SPEC 2, RewardDetails / PraemieDaten): first name, last name, e-mail,
 * sent with the choice to PUT /praemierung/. Wire names; the route adds the reward's Id and PraemieId and keeps
 * looser field rules, because SPEC 5 answers a name that is none with PSOF0249 and a bad address with
 * PSOF0302, not with a plain 400. That names are names (schemas/personalArea.ts checkName) is the form's
 * customValidate and the route's handler.
 */
export const rewardDetailsSchema = {
  $id: 'rewardDetails',
  type: 'object',
  required: ['Vorname', 'Nachname', 'Email'],
  properties: {
    Vorname: personNameField,
    Nachname: personNameField,
    Email: emailField,
  },
} as const;

/** What the form holds (every field optional: a fresh form is empty). */
export interface RewardDetailsForm {
  Vorname?: string;
  Nachname?: string;
  Email?: string;
}
