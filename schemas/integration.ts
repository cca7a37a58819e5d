/**
 * The integration API through which the client's CRM or shop reports orders (issue 13, docs/lifecycle.md).
 * One event shape for the JSON call and for each row of the CSV import. Field names are German like
 * SPEC's wire names; event types are English like the outgoing webhooks.
 */
export const INTEGRATION_EVENT_TYPES = [
  'order.placed',
  'contract.concluded',
  'order.cancelled',
  'recipient.already_customer',
] as const;
export type IntegrationEventType = (typeof INTEGRATION_EVENT_TYPES)[number];

/** How the order reached the client: only link, code and agent earn a reward (SPEC 1). */
export const ORDER_CHANNELS = ['link', 'code', 'agent', 'hotline', 'shop_direct', 'other'] as const;
export type OrderChannelName = (typeof ORDER_CHANNELS)[number];
export const REWARDED_CHANNELS: readonly OrderChannelName[] = ['link', 'code', 'agent'];

export interface IntegrationEvent {
  Typ: IntegrationEventType;
  /** order.placed, recipient.already_customer: the recommendation, by number or by offline code. */
  Empfehlungsnummer?: string;
  Empfehlungscode?: string;
  /** The client's order id; every type but recipient.already_customer. */
  Auftragsnummer?: string;
  /** order.placed: the product actually ordered. */
  ProduktId?: string;
  /** order.placed: YYYY-MM-DD. */
  Auftragsdatum?: string;
  /** order.placed: default link. */
  Kanal?: OrderChannelName;
  /** order.placed: the client knows the recipient as a customer already (a fraud-check reason). */
  Bestandskunde?: boolean;
  /** order.cancelled: the reason, shown to the recommender (max. 200 characters). */
  Grund?: string;
}

export interface IntegrationEventResponse {
  Typ: IntegrationEventType;
  Empfehlungsnummer: string;
  Auftragsnummer: string | null;
  /** The recommendation's status after the event. */
  Empfehlungsstatus: string;
  /** none, pending (waits for review), approved, rejected. */
  Pruefung: string;
  Pruefgruende: string[];
}

/** The columns of the CSV import, in this order (header row required; ; or , as delimiter). */
export const CSV_COLUMNS = [
  'Typ',
  'Empfehlungsnummer',
  'Empfehlungscode',
  'Auftragsnummer',
  'ProduktId',
  'Auftragsdatum',
  'Kanal',
  'Bestandskunde',
  'Grund',
] as const;

export const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
/** A client's product id as the integration API takes it (the catalogue's ids, or a client's own). */
export const PRODUCT_ID = /^[A-Za-z0-9_.-]{1,40}$/;

/** Fraud-check reason codes (server/orders/fraudChecks.ts). */
export type FraudReason =
  | 'self_recommendation'
  | 'shared_iban'
  | 'burst_account'
  | 'burst_client'
  | 'disposable_email'
  | 'already_customer';
