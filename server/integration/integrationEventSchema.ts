import { INTEGRATION_EVENT_TYPES, ORDER_CHANNELS } from '../../schemas/integration.ts';

/** JSON Schema of one integration event (schemas/integration.ts); the route and the CSV rows use it. */
export const integrationEventSchema = {
  $id: 'IntegrationEvent',
  type: 'object',
  additionalProperties: false,
  required: ['Typ'],
  properties: {
    Typ: { type: 'string', enum: [...INTEGRATION_EVENT_TYPES] },
    Empfehlungsnummer: { type: 'string', pattern: '^[0-9]{6,12}$' },
    Empfehlungscode: { type: 'string', pattern: '^[A-Za-z0-9]{4,16}$' },
    Auftragsnummer: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[\\x21-\\x7e]+$' },
    ProduktId: { type: 'string', minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9_.-]+$' },
    Auftragsdatum: { type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$' },
    Kanal: { type: 'string', enum: [...ORDER_CHANNELS] },
    Bestandskunde: { type: 'boolean' },
    Grund: { type: 'string', maxLength: 200 },
  },
} as const;
