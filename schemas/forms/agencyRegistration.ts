import { agencyMasterDataSchema } from './agencyMasterData.ts';
import { emailField, personNameField, requiredText } from './fields.ts';
import { passwordField } from './setPassword.ts';

/**
 * An agency registers itself (SPEC 2 agency page "register", AgencyRegister → POST /agentur/registrieren):
 * the company, the owner's name, e-mail and password, and the terms box. The form's data is the request body;
 * the server takes the box looser (SPEC 5's "yes" or a positive number) and answers an unticked one with
 * PSOF0304, a weak password with PSOF0220–0222 (server/agency/registration).
 */
export const agencyRegistrationSchema = {
  $id: 'agencyRegistration',
  type: 'object',
  required: ['Firma', 'Vorname', 'Nachname', 'Email', 'Password', 'PasswordConfirm', 'Agb'],
  properties: {
    Firma: requiredText(200),
    Vorname: personNameField,
    Nachname: personNameField,
    Email: emailField,
    Password: passwordField,
    PasswordConfirm: passwordField,
    Agb: { type: 'boolean', const: true },
  },
} as const;

export interface AgencyRegistrationData {
  Firma?: string;
  Vorname?: string;
  Nachname?: string;
  Email?: string;
  Password?: string;
  PasswordConfirm?: string;
  Agb?: boolean;
}

const master = agencyMasterDataSchema.properties;

/**
 * The agency's additional data after the e-mail is confirmed (SPEC 2 "register additional data",
 * AgencyRegisterData → PUT /agentur/registrieren/daten): address, USt-IdNr or Steuernummer (one of them;
 * the server answers PSOF0666 otherwise) and a contact phone, with the master data's field rules.
 */
export const agencyRegistrationDataSchema = {
  $id: 'agencyRegistrationData',
  type: 'object',
  required: ['Strasse', 'Plz', 'Ort', 'KontaktTelefon'],
  properties: {
    Strasse: master.Strasse,
    Plz: master.Plz,
    Ort: master.Ort,
    UstId: master.UstId,
    Steuernummer: master.Steuernummer,
    KontaktTelefon: master.KontaktTelefon,
  },
} as const;

export interface AgencyRegistrationDataForm {
  Strasse?: string;
  Plz?: string;
  Ort?: string;
  UstId?: string;
  Steuernummer?: string;
  KontaktTelefon?: string;
}
