import { LINK_TYPES } from '../../domain/recommendationLinks.ts';
import { RECOMMENDATION_KINDS } from '../../schemas/recommendFormApi.ts';

/** Response schemas of the recommend and share calls (they also drop any field not listed). */
export const captchaCheckSchema = {
  type: 'object',
  description: 'Whether POST /Empfehlen/create must carry a solved captcha (Captcha).',
  required: ['CaptchaErforderlich'],
  properties: { CaptchaErforderlich: { type: 'boolean' } },
} as const;

const wireDateTime = { type: 'string', description: 'YYYY-MM-DDThh:mm:ss, Europe/Berlin.' } as const;

export const recommendationViewSchema = {
  type: 'object',
  description:
    'A recommendation as share page, QR code and recipient see it (schemas/recommendFormApi.ts RecommendationView). Code and Verwaltungstoken only for its owner.',
  required: [
    'Empfehlungsnummer',
    'Art',
    'Status',
    'Produkt',
    'Praemie',
    'AnteilEmpfehler',
    'EmpfehlerVorname',
    'GueltigBis',
    'Abgelaufen',
    'OptinAusstehend',
    'Empfehlungslink',
    'KurzURL',
    'LinkTyp',
    'Channel',
  ],
  properties: {
    Empfehlungsnummer: { type: 'string' },
    Art: { type: 'string', enum: [...RECOMMENDATION_KINDS] },
    Status: { type: 'string' },
    Produkt: {
      type: 'object',
      required: ['Id', 'Name', 'Quelle'],
      properties: { Id: { type: 'string' }, Name: { type: 'string' }, Quelle: { type: ['string', 'null'] } },
    },
    Praemie: {
      type: ['object', 'null'],
      required: ['WertCent', 'EmpfehlerCent', 'EmpfaengerCent'],
      properties: {
        WertCent: { type: 'integer' },
        EmpfehlerCent: { type: 'integer' },
        EmpfaengerCent: { type: 'integer' },
      },
    },
    AnteilEmpfehler: { type: 'integer' },
    EmpfehlerVorname: { type: ['string', 'null'] },
    GueltigBis: wireDateTime,
    Abgelaufen: { type: 'boolean' },
    OptinAusstehend: { type: 'boolean' },
    Empfehlungslink: {
      type: 'string',
      description: 'Click URL without channel; share targets append ?channel=.',
    },
    KurzURL: { type: 'string' },
    LinkTyp: { type: 'string', enum: [...LINK_TYPES] },
    Channel: { type: ['string', 'null'] },
    Code: { type: ['string', 'null'], description: 'Offline recommendation code (owner only).' },
    Verwaltungstoken: {
      type: 'string',
      description: 'Owner proof for PUT /empfehlung/{nr}; send it in X-Empfehlung-Token (owner only).',
    },
  },
} as const;

export const campaignSchema = {
  type: 'object',
  required: ['AktionsId', 'Titel', 'Text', 'RechtsText', 'abgehakt', 'Zustimmung'],
  properties: {
    AktionsId: { type: 'string' },
    Titel: { type: 'string' },
    Text: { type: 'string' },
    RechtsText: { type: 'string' },
    abgehakt: { type: 'boolean' },
    Zustimmung: { type: 'boolean' },
  },
} as const;

export const productLinkSchema = {
  type: 'object',
  required: ['Produktlink'],
  properties: { Produktlink: { type: 'string' } },
} as const;
