import { PROFI_ARTEN, PROFI_STEUERSTATUS } from '../profi.ts';
import { emailField, personNameField, requiredText } from './fields.ts';

const optionalText = (maxLength: number) => ({ type: 'string', maxLength }) as const;

/**
 * The seller's business data, shared by the registration and "my data" (issue 16). Wire names: the form's
 * data is the request body. Rules a schema cannot state (Firma required for a company, a Steuernummer or
 * USt-IdNr required, the IBAN's checksum and ModuleIBANNurDE) are pure functions in schemas/ used by the
 * forms' customValidate and by the server (server/profi/).
 */
const sellerProperties = {
  Art: { type: 'string', enum: PROFI_ARTEN },
  Firma: optionalText(200),
  Vorname: personNameField,
  Nachname: personNameField,
  Telefon: { type: 'string', maxLength: 30, pattern: '^$|^[+0-9 ()/-]{3,30}$' },
  Strasse: requiredText(200),
  Plz: { type: 'string', pattern: '^[0-9A-Z -]{3,10}$' },
  Ort: requiredText(100),
  Steuerstatus: { type: 'string', enum: PROFI_STEUERSTATUS },
  /** Steuernummer: 10–13 digits with / or spaces (state format or the 13-digit ELSTER format). */
  Steuernummer: { type: 'string', maxLength: 20, pattern: '^$|^[0-9][0-9 /]{8,18}[0-9]$' },
  /** USt-IdNr, e.g. DE123456789. */
  UstId: { type: 'string', maxLength: 20, pattern: '^$|^\\s*[A-Za-z]{2}\\s*[0-9A-Za-z+*.\\s]{2,14}\\s*$' },
} as const;

/** POST profi/registrieren: the seller's data, the e-mail, optionally the bank data and the agreement. */
export const profiRegistrationSchema = {
  $id: 'profiRegistration',
  type: 'object',
  required: ['Art', 'Vorname', 'Nachname', 'Email', 'Strasse', 'Plz', 'Ort', 'Steuerstatus'],
  properties: {
    ...sellerProperties,
    Email: emailField,
    IBAN: optionalText(64),
    Kontoinhaber: optionalText(70),
    /** The seller agreement accepted now (else it stays an open task on the overview). */
    Vereinbarung: { type: 'boolean' },
  },
} as const;

/** PUT profi/daten: the seller's own data (the e-mail is the login's and changes elsewhere). */
export const profiDataSchema = {
  $id: 'profiData',
  type: 'object',
  required: ['Art', 'Vorname', 'Nachname', 'Strasse', 'Plz', 'Ort', 'Steuerstatus'],
  properties: sellerProperties,
} as const;

export interface ProfiDataForm {
  Art?: 'Person' | 'Firma';
  Firma?: string;
  Vorname?: string;
  Nachname?: string;
  Telefon?: string;
  Strasse?: string;
  Plz?: string;
  Ort?: string;
  Steuerstatus?: 'Kleinunternehmer' | 'Regelbesteuert';
  Steuernummer?: string;
  UstId?: string;
}

export interface ProfiRegistrationForm extends ProfiDataForm {
  Email?: string;
  IBAN?: string;
  Kontoinhaber?: string;
  Vereinbarung?: boolean;
}
