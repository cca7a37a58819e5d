import { rewardDetailsSchema } from '../../schemas/forms/rewardDetails.ts';
import { PRAEMIE_IMAGE_VARIANTS, PRAEMIERUNG_STATUSES } from '../../schemas/praemien.ts';

/** Response and body schemas of the reward calls (schemas/praemien.ts has the TypeScript shapes). */
export const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
export const REWARD_OPTION_ID_PATTERN = '^[a-z0-9]+(-[a-z0-9]+)*$';

const nullableString = { type: ['string', 'null'] } as const;

export const rewardOptionSchema = {
  type: 'object',
  required: [
    'Id',
    'Art',
    'Titel',
    'Beschreibung',
    'Startdatum',
    'Enddatum',
    'EnddatumAnzeige',
    'WertCent',
    'Grafik',
  ],
  properties: {
    Id: { type: 'string' },
    Art: { type: 'string', enum: ['Geld', 'Gutschein', 'Sachpraemie'] },
    Titel: { type: 'string' },
    Beschreibung: { type: 'string' },
    Partner: nullableString,
    Startdatum: { type: 'string' },
    Enddatum: nullableString,
    EnddatumAnzeige: nullableString,
    WertCent: { type: ['integer', 'null'], description: 'null: the reward pays the earned value.' },
    Grafik: { type: 'string', description: 'Path of the image.' },
  },
} as const;

const receiptSchema = {
  type: ['object', 'null'],
  required: ['Vorname', 'Nachname', 'Email'],
  properties: { Vorname: { type: 'string' }, Nachname: { type: 'string' }, Email: { type: 'string' } },
} as const;

export const rewardSchema = {
  type: 'object',
  required: [
    'Id',
    'Empfehlungsnummer',
    'Status',
    'WertCent',
    'PraemieId',
    'GewaehltAm',
    'Waehlbar',
    'Empfaenger',
  ],
  properties: {
    Id: { type: 'string' },
    Empfehlungsnummer: nullableString,
    Status: { type: 'string', enum: [...PRAEMIERUNG_STATUSES] },
    WertCent: { type: 'integer' },
    PraemieId: nullableString,
    GewaehltAm: nullableString,
    Waehlbar: { type: 'boolean' },
    Empfaenger: receiptSchema,
    Praemie: { anyOf: [rewardOptionSchema, { type: 'null' }] },
  },
} as const;

/**
 * The choice and the receipt form (schemas/forms/rewardDetails.ts): the reward's Id and the chosen PraemieId
 * beside the form's fields. Those are looser here than in the form: SPEC 5 answers a name that is none with
 * 422 PSOF0249 and a bad address with 422 PSOF0302 (the handler's checks), not with a plain 400.
 */
export const rewardChoiceBodySchema = {
  type: 'object',
  required: ['Id', 'PraemieId', ...rewardDetailsSchema.required],
  properties: {
    Id: { type: 'string', pattern: UUID_PATTERN },
    PraemieId: { type: 'string', pattern: REWARD_OPTION_ID_PATTERN, maxLength: 60 },
    Vorname: { type: 'string', maxLength: 200 },
    Nachname: { type: 'string', maxLength: 200 },
    Email: { type: 'string', maxLength: rewardDetailsSchema.properties.Email.maxLength },
  },
} as const;

export const imageParamsSchema = {
  type: 'object',
  required: ['mandant', 'id', 'variant'],
  properties: {
    mandant: { type: 'string' },
    id: { type: 'string', pattern: REWARD_OPTION_ID_PATTERN, maxLength: 60 },
    variant: { type: 'string', enum: [...PRAEMIE_IMAGE_VARIANTS] },
    token: { type: 'string', maxLength: 100, description: 'Ignored (a cache key of the original API).' },
  },
} as const;

export const bannerSchema = {
  type: 'object',
  required: ['Anzeigen'],
  properties: { Anzeigen: { type: 'boolean' } },
} as const;
