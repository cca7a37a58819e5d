import type { WebhookEventType } from './api.ts';

/**
 * Wire shapes of the back office's integration tools (issue 15): API keys and webhook endpoints, relative
 * to /api/v1/{mandant}. Secrets appear only in the answer that made them (`Geheimnis`), never again.
 */
export const BACKOFFICE_INTEGRATION_PATHS = {
  keys: '/backoffice/integration/schluessel',
  key: (id: string) => `/backoffice/integration/schluessel/${encodeURIComponent(id)}`,
  rotate: (id: string) => `/backoffice/integration/schluessel/${encodeURIComponent(id)}/rotieren`,
  endpoints: '/backoffice/webhooks/endpunkte',
  endpoint: (id: string) => `/backoffice/webhooks/endpunkte/${encodeURIComponent(id)}`,
  deliveries: '/backoffice/webhooks/zustellungen/report',
  replay: (id: string) => `/backoffice/webhooks/zustellungen/${encodeURIComponent(id)}/erneut`,
} as const;

export const WEBHOOK_EVENT_TYPES = [
  'recommendation.created',
  'recipient.confirmed',
  'order.attributed',
  'recommendation.released',
  'reward.paid',
  'recommendation.cancelled',
] as const satisfies readonly WebhookEventType[];

/** One API key: from the back office (`datenbank`, can be rotated and revoked) or the mandant's config. */
export interface ApiSchluessel {
  /** The X-Api-Key header value. */
  Id: string;
  Name: string;
  Quelle: 'datenbank' | 'konfiguration';
  Status: 'active' | 'revoked';
  Angelegt: string | null;
  Rotiert: string | null;
  Widerrufen: string | null;
  /** Until when the previous secret still works after a rotation (null: not at all). */
  AltesGeheimnisBis: string | null;
  Version: number;
}

/** The answer of create and rotate: the key and its secret, shown this once. */
export interface ApiSchluesselMitGeheimnis extends ApiSchluessel {
  Geheimnis: string;
}

export interface WebhookEndpunkt {
  /** A uuid for endpoints from the back office; `config:<n>` for the config's (read-only). */
  Id: string;
  Url: string;
  /** Empty: every event type. */
  Ereignisse: WebhookEventType[];
  Quelle: 'datenbank' | 'konfiguration';
  Angelegt: string | null;
}

export interface WebhookEndpunktMitGeheimnis extends WebhookEndpunkt {
  Geheimnis: string;
}

/** One row of the delivery log: identifiers, status and the last failure's kind, no personal data. */
export interface WebhookZustellungZeile {
  Id: string;
  Angelegt: string;
  Endpunkt: string;
  Ereignis: string;
  Status: 'pending' | 'delivered' | 'failed';
  Versuche: number;
  LetzterVersuch: string | null;
  LetzterHttpStatus: number | null;
  LetzterFehler: string | null;
}
