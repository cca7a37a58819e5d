import { emailField, requiredText } from './fields.ts';

const optionalText = (maxLength: number) => ({ type: 'string', maxLength }) as const;

/**
 * The agency's master data (issue 14: company, address, tax numbers, contact, bank account), PUT
 * /agentur/stammdaten with these wire names (ability masterDataEdit); the field rules are the route's
 * (server/agency/masterData/masterDataRoutes.ts), which also takes '' for the optional ones. The IBAN comes masked from the
 * server: the form sends it only when the user typed a new one (the block leaves it out otherwise); its
 * checksum is checked in customValidate with domain/iban.ts like the recommender's bank data.
 */
export const agencyMasterDataSchema = {
  $id: 'agencyMasterData',
  type: 'object',
  required: ['Firma', 'Strasse', 'Plz', 'Ort'],
  properties: {
    Firma: requiredText(200),
    Strasse: requiredText(200),
    Plz: { type: 'string', pattern: '^[0-9A-Z -]{3,10}$' },
    Ort: requiredText(100),
    /** USt-IdNr, e.g. DE123456789 (the route's rule). */
    UstId: { type: 'string', maxLength: 20, pattern: '^\\s*[A-Za-z]{2}\\s*[0-9A-Za-z+*.\\s]{2,14}\\s*$' },
    /** Steuernummer: 10–13 digits with / or spaces. */
    Steuernummer: { type: 'string', pattern: '^[0-9][0-9 /]{8,18}[0-9]$' },
    KontaktName: optionalText(200),
    KontaktEmail: emailField,
    KontaktTelefon: { type: 'string', pattern: '^[+0-9 ()/-]{3,30}$' },
    IBAN: optionalText(42),
    Kontoinhaber: optionalText(70),
  },
} as const;

export interface AgencyMasterDataForm {
  Firma?: string;
  Strasse?: string;
  Plz?: string;
  Ort?: string;
  UstId?: string;
  Steuernummer?: string;
  KontaktName?: string;
  KontaktEmail?: string;
  KontaktTelefon?: string;
  IBAN?: string;
  Kontoinhaber?: string;
}
