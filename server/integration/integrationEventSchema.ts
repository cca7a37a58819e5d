import { NUMBER_PATTERN } from '../../domain/recommendationLinks.ts';
import { INTEGRATION_EVENT_TYPES, ISO_DATE, ORDER_CHANNELS, PRODUCT_ID } from '../../schemas/integration.ts';

/** JSON Schema of one integration event (schemas/integration.ts); the route and the CSV rows use it. */
export const integrationEventSchema = {
  $id: 'IntegrationEvent',
  type: 'object',
  additionalProperties: false,
  required: ['Typ'],
  properties: {
    Typ: { type: 'string', enum: [...INTEGRATION_EVENT_TYPES] },
    Empfehlungsnummer: { type: 'string', pattern: NUMBER_PATTERN.source },
    Empfehlungscode: { type: 'string', pattern: '^[A-Za-z0-9]{4,16}$' },
    Auftragsnummer: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[\\x21-\\x7e]+$' },
    ProduktId: { type: 'string', pattern: PRODUCT_ID.source },
    Auftragsdatum: { type: 'string', pattern: ISO_DATE.source },
    Kanal: { type: 'string', enum: [...ORDER_CHANNELS] },
    Bestandskunde: { type: 'boolean' },
    Grund: { type: 'string', maxLength: 200 },
  },
} as const;
