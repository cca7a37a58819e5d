import { requiredText } from '../../schemas/forms/fields.ts';
import { recipientBankDetailsSchema } from '../../schemas/forms/recipientBankDetails.ts';
import { recipientDataSchema } from '../../schemas/forms/recipientData.ts';
import { bodySchemaOf } from '../http/formBodySchema.ts';

/**
 * Request and response schemas of the click and recipient calls (schemas/recipient.ts,
 * schemas/trackingCompletion.ts). Responses list every field: the serializer drops anything else.
 */

/** A name field: required, bounded; the handler also refuses one of only spaces. */
const nameField = { type: 'string', minLength: 1, maxLength: 100 } as const;

// Loose on purpose: a malformed number or hex is an unknown recommendation (404 PSOF0330), not a bad request.
export const numberParam = { type: 'string', maxLength: 32, description: 'Empfehlungsnummer' } as const;
export const hexParam = {
  type: 'string',
  maxLength: 128,
  description: 'Link hex (32 hex characters)',
} as const;

/** A yes/no as SPEC 5 reads terms: boolean, a string ('yes') or a number. */
const yesLike = {
  anyOf: [{ type: 'boolean' }, { type: 'string', maxLength: 10 }, { type: 'number' }],
} as const;

export const mandantNumberParams = {
  type: 'object',
  required: ['mandant', 'nr'],
  properties: { mandant: { type: 'string' }, nr: numberParam },
} as const;

export const mandantNumberHexParams = {
  type: 'object',
  required: ['mandant', 'nr', 'hex'],
  properties: { mandant: { type: 'string' }, nr: numberParam, hex: hexParam },
} as const;

export const mandantHexParams = {
  type: 'object',
  required: ['mandant', 'hex'],
  properties: { mandant: { type: 'string' }, hex: hexParam },
} as const;

export const channelQuery = {
  type: 'object',
  properties: { channel: { type: 'string', maxLength: 64 } },
} as const;

export const recipientRewardSchema = {
  type: 'object',
  required: ['WertCent', 'AnteilEmpfaenger'],
  properties: {
    WertCent: { type: 'integer', description: 'The recipient’s part of the reward, in cents.' },
    AnteilEmpfaenger: {
      type: 'integer',
      description: 'Percent of the reward for the recipient, before the cap.',
    },
  },
} as const;

export const recipientRecommendationSchema = {
  type: 'object',
  required: [
    'Empfehlungsnummer',
    'Hex',
    'ProduktId',
    'ProduktQuelle',
    'ProduktName',
    'EmpfehlerVorname',
    'AnteilEmpfehler',
    'Praemie',
    'GueltigBis',
    'Abgelaufen',
    'BankdatenErforderlich',
  ],
  properties: {
    Empfehlungsnummer: { type: 'string' },
    Hex: { type: 'string' },
    ProduktId: { type: 'string' },
    ProduktQuelle: { type: ['string', 'null'] },
    ProduktName: { type: ['string', 'null'] },
    EmpfehlerVorname: { type: ['string', 'null'] },
    AnteilEmpfehler: { type: 'integer' },
    Praemie: { anyOf: [recipientRewardSchema, { type: 'null' }] },
    GueltigBis: { type: 'string', description: 'YYYY-MM-DDThh:mm:ss, Berlin' },
    Abgelaufen: { type: 'boolean' },
    BankdatenErforderlich: { type: 'boolean' },
  },
} as const;

export const recommendationCodeSchema = {
  type: 'object',
  required: ['Empfehlungsnummer', 'Hex'],
  properties: { Empfehlungsnummer: { type: 'string' }, Hex: { type: 'string' } },
} as const;

export const createRecipientBodySchema = {
  type: 'object',
  required: ['Vorname', 'Nachname', 'Email', 'AgbAkzeptiert'],
  additionalProperties: false,
  properties: {
    // The names as the form checks them (schemas/forms/recipientData.ts); the address and the terms are looser
    // here because SPEC 5 answers them with their own codes (PSOF0302, PSOF0304) and accepts "yes".
    Vorname: recipientDataSchema.properties.Vorname,
    Nachname: recipientDataSchema.properties.Nachname,
    Email: { type: 'string', minLength: 1, maxLength: 254 },
    AgbAkzeptiert: {
      ...yesLike,
      description: 'SPEC 5: true, "yes" or a positive number count as accepted.',
    },
  },
} as const;

export const createRecipientResponseSchema = {
  type: 'object',
  required: ['Empfaengernummer', 'Token'],
  properties: { Empfaengernummer: { type: 'string' }, Token: { type: 'string' } },
} as const;

/** Terms and privacy texts are a few pages at most; the body limit (100 KiB) bounds it as well. */
export const AGB_TEXT_MAX_LENGTH = 40_000;

/**
 * The consent step's body: not the form's box (schemas/forms/recipientConsent.ts) but the text agreed to, exactly
 * as shown; a required text like the forms' (schemas/forms/fields.ts), so an empty or blank one is refused.
 */
export const consentBodySchema = {
  type: 'object',
  required: ['AgbText'],
  additionalProperties: false,
  properties: { AgbText: requiredText(AGB_TEXT_MAX_LENGTH) },
} as const;

export const consentResponseSchema = {
  type: 'object',
  required: ['ZugestimmtAm', 'TextVersion'],
  properties: { ZugestimmtAm: { type: 'string' }, TextVersion: { type: 'string' } },
} as const;

/** The recipient's bank data form's own schema (schemas/forms/recipientBankDetails.ts): the form's data is the body. */
export const bankDataBodySchema = bodySchemaOf(recipientBankDetailsSchema);

export const recipientOrderSchema = {
  type: 'object',
  required: [
    'Empfaengernummer',
    'Empfehlungsnummer',
    'Vorname',
    'Nachname',
    'Email',
    'Zustimmung',
    'Bankdaten',
    'BankdatenErforderlich',
    'Praemie',
  ],
  properties: {
    Empfaengernummer: { type: 'string' },
    Empfehlungsnummer: { type: 'string' },
    Vorname: { type: ['string', 'null'] },
    Nachname: { type: ['string', 'null'] },
    Email: { type: ['string', 'null'] },
    Zustimmung: { type: 'boolean' },
    Bankdaten: {
      anyOf: [
        {
          type: 'object',
          required: ['IBAN', 'Kontoinhaber'],
          properties: {
            IBAN: { type: 'string', description: 'Masked: DE89 **** **** **** **30 00' },
            Kontoinhaber: { type: 'string' },
          },
        },
        { type: 'null' },
      ],
    },
    BankdatenErforderlich: { type: 'boolean' },
    Praemie: { anyOf: [recipientRewardSchema, { type: 'null' }] },
  },
} as const;

const optionalText = (maxLength: number) => ({ type: 'string', maxLength }) as const;

export const trackingBodySchema = {
  type: 'object',
  required: ['empfehlungsnummer', 'empfaengernummer', 'empfaengerdaten'],
  additionalProperties: false,
  properties: {
    empfehlungsnummer: { type: 'string', pattern: '^[0-9]{6,12}$' },
    empfaengernummer: { type: 'string', pattern: '^[0-9]{6,12}$' },
    empfaengerdaten: {
      type: 'object',
      required: ['vorname', 'name'],
      additionalProperties: false,
      properties: {
        anrede: optionalText(30),
        vorname: nameField,
        name: nameField,
        geburtsdatum: optionalText(20),
        email: optionalText(254),
        telefon: { type: 'string', maxLength: 40, pattern: '^[0-9+()/ .-]*$' },
        werbeeinwilligung: yesLike,
        adresse: {
          type: 'object',
          additionalProperties: false,
          properties: {
            ort: optionalText(100),
            plz: { type: 'string', maxLength: 10, pattern: '^[0-9A-Za-z -]*$' },
            strasse: optionalText(100),
            hausnummer: optionalText(20),
          },
        },
      },
    },
  },
} as const;

export const trackingQuerySchema = {
  type: 'object',
  properties: {
    channel: { type: 'string', maxLength: 64 },
    einsprungsquelle: { type: 'string', maxLength: 64 },
  },
} as const;

export const trackingResponseSchema = {
  type: 'object',
  required: ['Empfehlungsnummer', 'Empfaengernummer', 'AbgeschlossenAm'],
  properties: {
    Empfehlungsnummer: { type: 'string' },
    Empfaengernummer: { type: 'string' },
    AbgeschlossenAm: { type: 'string' },
  },
} as const;
