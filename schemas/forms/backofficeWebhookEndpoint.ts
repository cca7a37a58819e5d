import { WEBHOOK_EVENT_TYPES } from '../backofficeIntegration.ts';

/**
 * A webhook endpoint made in the back office (issue 15, server/backoffice/webhooks): where to POST and which
 * events (none chosen: every type). The server also insists on https (localhost only in the demo).
 */
export const backofficeWebhookEndpointSchema = {
  $id: 'backofficeWebhookEndpoint',
  type: 'object',
  required: ['Url'],
  properties: {
    Url: {
      type: 'string',
      minLength: 8,
      maxLength: 2000,
      pattern: '^https?://\\S+$',
      title: 'backoffice.webhooks.url',
    },
    Ereignisse: {
      type: 'array',
      uniqueItems: true,
      maxItems: WEBHOOK_EVENT_TYPES.length,
      items: { type: 'string', enum: WEBHOOK_EVENT_TYPES },
      title: 'backoffice.webhooks.events',
    },
  },
} as const;

export interface BackofficeWebhookEndpointData {
  Url?: string;
  Ereignisse?: string[];
}
