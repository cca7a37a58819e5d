import { bankDetailsSchema } from '../../schemas/forms/bankDetails.ts';
import { personalDataSchema } from '../../schemas/forms/personalData.ts';
import { NAME_MAX_LENGTH, NEXT_STEPS, RECOMMENDATION_STATUSES } from '../../schemas/personalArea.ts';
import { PRAEMIERUNG_STATUSES } from '../../schemas/praemien.ts';
import { bodySchemaOf } from '../http/formBodySchema.ts';

/** Response and body schemas of the recommender calls (schemas/personalArea.ts has the TypeScript shapes). */
const nullableString = { type: ['string', 'null'] } as const;

export const recommendationEntrySchema = {
  type: 'object',
  required: [
    'Empfehlungsnummer',
    'Status',
    'Produkt',
    'Datum',
    'Channel',
    'Empfaenger',
    'Praemierung',
    'Verlauf',
    'Naechster',
  ],
  properties: {
    Empfehlungsnummer: { type: 'string' },
    Status: { type: 'string', enum: [...RECOMMENDATION_STATUSES] },
    Produkt: {
      type: 'object',
      required: ['Id', 'Name'],
      properties: { Id: { type: 'string' }, Name: nullableString },
    },
    Datum: { type: 'string', description: 'YYYY-MM-DDThh:mm:ss (Europe/Berlin).' },
    Channel: nullableString,
    Empfaenger: { ...nullableString, description: 'The recipient, masked (M*** M***).' },
    Praemierung: {
      type: ['object', 'null'],
      required: ['Id', 'Status', 'WertCent', 'PraemieId'],
      properties: {
        Id: { type: 'string' },
        Status: { type: 'string', enum: [...PRAEMIERUNG_STATUSES] },
        WertCent: { type: 'integer' },
        PraemieId: nullableString,
      },
    },
    Verlauf: {
      type: 'array',
      description:
        'What happened, oldest first: the stored lifecycle events (reason codes: docs/lifecycle.md).',
      items: {
        type: 'object',
        required: ['Art', 'Status', 'Grund', 'Zeit'],
        properties: {
          Art: { type: 'string', enum: ['Empfehlung', 'Praemie'] },
          Status: { type: 'string' },
          Grund: { type: 'string' },
          Zeit: { type: 'string', description: 'YYYY-MM-DDThh:mm:ss (Europe/Berlin).' },
        },
      },
    },
    Naechster: {
      type: ['object', 'null'],
      description: 'What comes next and by when; null once the recommendation has ended.',
      required: ['Schritt', 'Datum'],
      properties: {
        Schritt: { type: 'string', enum: [...NEXT_STEPS] },
        Datum: nullableString,
      },
    },
  },
} as const;

export const bankDetailsResponseSchema = {
  type: ['object', 'null'],
  description: 'null: no bank data stored. The IBAN is always masked.',
  required: ['IBAN', 'Kontoinhaber'],
  properties: { IBAN: { type: 'string' }, Kontoinhaber: { type: 'string' } },
} as const;

/**
 * The bank data form's schema (schemas/forms/bankDetails.ts) with a looser holder: SPEC 5 answers a holder
 * that is not a name, blank ones included, with its own code (422 PSOF0241), which the handler checks.
 */
export const bankDetailsBodySchema = {
  ...bodySchemaOf(bankDetailsSchema),
  properties: {
    ...bankDetailsSchema.properties,
    Kontoinhaber: { type: 'string', maxLength: 200 },
  },
} as const;

/**
 * The personal data form's schema (schemas/forms/personalData.ts); the salutation is always sent ('' for
 * none), the names as typed: the route trims and checks them itself (422 PSOF0249 with a pointer per field).
 */
export const personalDataBodySchema = {
  ...bodySchemaOf(personalDataSchema),
  required: ['Anrede', ...personalDataSchema.required],
  properties: {
    ...personalDataSchema.properties,
    Vorname: { type: 'string', maxLength: NAME_MAX_LENGTH * 2 },
    Nachname: { type: 'string', maxLength: NAME_MAX_LENGTH * 2 },
  },
} as const;

export const newsletterFieldsSchema = {
  type: 'object',
  required: ['NewsletterOptinGegeben', 'NewsletterOptinVersendetAm'],
  properties: {
    NewsletterOptinGegeben: { type: 'boolean' },
    NewsletterOptinVersendetAm: nullableString,
  },
} as const;

export const setNewsletterOptinSchema = {
  type: 'object',
  required: [...newsletterFieldsSchema.required, 'OptinMailAlreadySent', 'OptinAlreadySet'],
  properties: {
    ...newsletterFieldsSchema.properties,
    OptinMailAlreadySent: { type: 'boolean' },
    OptinAlreadySet: { type: 'boolean' },
  },
} as const;

export const newsletterTokenBodySchema = {
  type: 'object',
  properties: { Token: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;

export const customerNumberResponseSchema = {
  type: 'object',
  required: ['Kundennummer', 'PraemierungId'],
  properties: { Kundennummer: nullableString, PraemierungId: { type: 'string' } },
} as const;
