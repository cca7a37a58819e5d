/** Response and body schemas of the integration API (schemas/integration.ts has the TypeScript shapes). */

export const eventResponseSchema = {
  type: 'object',
  required: ['Typ', 'Empfehlungsnummer', 'Auftragsnummer', 'Empfehlungsstatus', 'Pruefung', 'Pruefgruende'],
  properties: {
    Typ: { type: 'string' },
    Empfehlungsnummer: { type: 'string' },
    Auftragsnummer: { type: ['string', 'null'] },
    Empfehlungsstatus: { type: 'string', description: 'The recommendation’s status after the event.' },
    Pruefung: { type: 'string', enum: ['none', 'pending', 'approved', 'rejected'] },
    Pruefgruende: {
      type: 'array',
      description:
        'Fraud-check reasons: self_recommendation, shared_iban, burst_account, burst_client, disposable_email, already_customer. Any → the order waits for review.',
      items: { type: 'string' },
    },
  },
} as const;

export const importResponseSchema = {
  type: 'object',
  required: ['Zeilen', 'Ergebnisse'],
  properties: {
    Zeilen: { type: 'integer', description: 'Rows applied.' },
    Ergebnisse: {
      type: 'object',
      description: 'How many rows left their recommendation in each status.',
      additionalProperties: { type: 'integer' },
    },
  },
} as const;

export const reviewBodySchema = {
  type: 'object',
  required: ['Entscheidung'],
  additionalProperties: false,
  properties: {
    Entscheidung: { type: 'string', enum: ['freigeben', 'ablehnen'] },
    Notiz: { type: 'string', maxLength: 500 },
  },
} as const;

export const payoutRunSchema = {
  type: 'object',
  required: ['Id', 'Status', 'Ausfuehrungsdatum', 'SummeCent', 'Anzahl'],
  properties: {
    Id: { type: 'string' },
    Status: { type: 'string', enum: ['created', 'executed'] },
    Ausfuehrungsdatum: { type: 'string' },
    SummeCent: { type: 'integer' },
    Anzahl: { type: 'integer' },
  },
} as const;

export const voucherImportResponseSchema = {
  type: 'object',
  required: ['Importiert', 'Doppelt'],
  properties: {
    Importiert: { type: 'integer' },
    Doppelt: { type: 'integer', description: 'Codes already in the pool, skipped.' },
  },
} as const;

export const voucherStockSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['PraemieId', 'Frei', 'Ausgegeben'],
    properties: { PraemieId: { type: 'string' }, Frei: { type: 'integer' }, Ausgegeben: { type: 'integer' } },
  },
} as const;
