import type { ColumnType, Generated, GeneratedAlways } from 'kysely';
import type { BackofficeRole } from '../../domain/backofficeAbilities.ts';

/** Row types of every table, as Kysely sees them. Keep in step with server/db/migrations/*.sql. */
export interface DatabaseSchema {
  mandant: MandantTable;
  schema_migrations: SchemaMigrationsTable;
  account: AccountTable;
  agency_user: AgencyUserTable;
  revoked_token: RevokedTokenTable;
  login_token: LoginTokenTable;
  rate_limit: RateLimitTable;
  login_failure: LoginFailureTable;
  server_secret: ServerSecretTable;
  recommendation: RecommendationTable;
  recipient: RecipientTable;
  recipient_consent: RecipientConsentTable;
  click: ClickTable;
  praemierung: PraemierungTable;
  bank_account: BankAccountTable;
  captcha_used: CaptchaUsedTable;
  tracking_completion: TrackingCompletionTable;
  account_token: AccountTokenTable;
  mail_outbox: MailOutboxTable;
  newsletter_consent: NewsletterConsentTable;
  newsletter_token: NewsletterTokenTable;
  content_cache: ContentCacheTable;
  contact_message: ContactMessageTable;
  customer_order: CustomerOrderTable;
  payout_run: PayoutRunTable;
  lifecycle_event: LifecycleEventTable;
  voucher_code: VoucherCodeTable;
  webhook_delivery: WebhookDeliveryTable;
  webhook_attempt: WebhookAttemptTable;
  idempotency_record: IdempotencyRecordTable;
  agency: AgencyTable;
  agency_invitation: AgencyInvitationTable;
  agency_reward_plan: AgencyRewardPlanTable;
  agency_invoice: AgencyInvoiceTable;
  agency_user_token: AgencyUserTokenTable;
  backoffice_user: BackofficeUserTable;
  backoffice_challenge: BackofficeChallengeTable;
  audit_log: AuditLogTable;
  integration_key: IntegrationKeyTable;
  webhook_endpoint: WebhookEndpointTable;
  backoffice_user_token: BackofficeUserTokenTable;
  voucher_pool_setting: VoucherPoolSettingTable;
  backoffice_setting: BackofficeSettingTable;
  backoffice_setting_revision: BackofficeSettingRevisionTable;
  figures_daily: FiguresDailyTable;
  figures_rollup_state: FiguresRollupStateTable;
  figures_dirty_day: FiguresDirtyDayTable;
  profi_seller: ProfiSellerTable;
  profi_credit_note_counter: ProfiCreditNoteCounterTable;
  profi_credit_note: ProfiCreditNoteTable;
  profi_commission: ProfiCommissionTable;
}

/** A timestamptz the database fills in on insert unless given. */
type DefaultedTime = ColumnType<Date, Date | string | undefined, Date | string>;

export interface MandantTable {
  id: string;
  config_hash: string;
  loaded_at: DefaultedTime;
}

export interface SchemaMigrationsTable {
  name: string;
  checksum: string;
  applied_at: ColumnType<Date, Date | string | undefined, never>;
}

export type AccountStatus = 'active' | 'blocked' | 'suspended' | 'excluded';

export interface AccountTable {
  id: Generated<string>;
  mandant_id: string;
  /** Always lower-case (check constraint). */
  email: string;
  /** Null while a registered account has no password yet (migration 0004); such an account cannot log in. */
  password_hash: string | null;
  anrede: Generated<string>;
  vorname: string;
  nachname: string;
  empfehler_hash: string;
  newsletter_optin_gegeben: Generated<boolean>;
  newsletter_optin_versendet_am: ColumnType<
    Date | null,
    Date | string | null | undefined,
    Date | string | null
  >;
  language: Generated<string>;
  status: ColumnType<AccountStatus, AccountStatus | undefined, AccountStatus>;
  created_at: DefaultedTime;
  /** Null until the first change; write it with the application's clock (`new Date()`), like a token's iat. */
  password_changed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Migration 0010: notification mails the recommender turned off (not essential ones only). */
  notification_optouts: ColumnType<string[], string[] | undefined, string[]>;
  /** Migration 0010: the calendar year the tax note last went out in a reward mail. */
  tax_notice_year: ColumnType<number | null, number | null | undefined, number | null>;
  /** The agency that brought this recommender (an invitation), and its employee (migration 0011). */
  agency_id: ColumnType<string | null, string | null | undefined, string | null>;
  agency_user_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** inactive: deactivated by the agency's owner; blocked: barred from the programme (SPEC 6). */
export type AgencyUserStatus = 'active' | 'inactive' | 'blocked';

export interface AgencyUserTable {
  id: Generated<string>;
  mandant_id: string;
  email: string;
  name: string;
  roles: ColumnType<string[], string[] | undefined, string[]>;
  status: ColumnType<AgencyUserStatus, AgencyUserStatus | undefined, AgencyUserStatus>;
  created_at: DefaultedTime;
  agency_id: string | null;
  password_hash: string | null;
  password_changed_at: NullableTime;
  mitarbeiternummer: string | null;
  sso_subject: string | null;
}

export interface RevokedTokenTable {
  jti: string;
  mandant_id: string;
  expires_at: ColumnType<Date, Date | string, Date | string>;
}

export interface LoginTokenTable {
  token_hash: string;
  mandant_id: string;
  account_id: string;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: DefaultedTime;
}

export interface RateLimitTable {
  key: string;
  window_start: ColumnType<Date, Date | string, Date | string>;
  count: number;
  expires_at: ColumnType<Date, Date | string, Date | string>;
}

/** A failed login (migration 0019): mandant and keyed hash of the e-mail, never the address itself. */
export interface LoginFailureTable {
  id: GeneratedAlways<string>;
  mandant_id: string;
  subject_key: string;
  failed_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface ServerSecretTable {
  name: string;
  value: string;
  created_at: DefaultedTime;
}

/** A timestamptz that may be null, written as Date or ISO string. */
type NullableTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** SPEC section 3: the statuses of a recommendation. */
export type RecommendationStatus = 'Ok' | 'Abgelaufen' | 'Offen' | 'Freigegeben' | 'Gezahlt' | 'Storniert';
export type RecommendationKind = 'standard' | 'agent' | 'company' | 'offline';

/** A campaign consent stored with the recommendation. */
export interface AktionConsent {
  AktionsId: string | number;
  Zustimmung: boolean;
  textVersion?: string;
}

export interface RecommendationTable {
  id: Generated<string>;
  mandant_id: string;
  empfehlungsnummer: string;
  link_hex: string;
  code: string | null;
  kind: ColumnType<RecommendationKind, RecommendationKind | undefined, RecommendationKind>;
  account_id: string | null;
  empfehler_vorname: string | null;
  empfehler_nachname: string | null;
  /** Lower-case (check constraint). */
  empfehler_email: string | null;
  produkt_id: string;
  produkt_quelle: string | null;
  agent_nummer: string | null;
  channel: string | null;
  /** Percent of the reward the recommender keeps. */
  anteil_empfehler: ColumnType<number, number | undefined, number>;
  praemie_cent: number | null;
  aktionen: ColumnType<AktionConsent[], string | undefined, string>;
  agb_text_version: string | null;
  status: ColumnType<RecommendationStatus, RecommendationStatus | undefined, RecommendationStatus>;
  idempotency_key: string | null;
  created_at: DefaultedTime;
  link_expires_at: ColumnType<Date, Date | string, Date | string>;
  erased_at: NullableTime;
  /** Migration 0007: the link type the recommender shares (PUT /empfehlung/{nr}). */
  link_type: ColumnType<RecommendationLinkType, RecommendationLinkType | undefined, RecommendationLinkType>;
  /** Migration 0007: the recommending company (ModuleCompanyRecommendation). */
  empfehler_firma: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 0007: SHA-256 of the recommender's opt-in link token while the opt-in is pending. */
  optin_token_hash: ColumnType<string | null, string | null | undefined, string | null>;
  optin_sent_at: NullableTime;
  optin_confirmed_at: NullableTime;
  /** Copied from the account by a trigger on insert (migration 0011). */
  agency_id: ColumnType<string | null, string | null | undefined, string | null>;
  agency_user_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 0022: copied from the account's profi_seller row by a trigger on insert. */
  profi_seller_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export type RecommendationLinkType = 'KurzURL' | 'Empfehlungslink';

/** Migration 0007: solved ALTCHA challenges, so that each is accepted once (server/captcha). */
export interface CaptchaUsedTable {
  mandant_id: string;
  signature: string;
  expires_at: ColumnType<Date, Date | string, Date | string>;
}

export interface RecipientTable {
  id: Generated<string>;
  mandant_id: string;
  recommendation_id: string;
  empfaengernummer: string;
  vorname: string | null;
  nachname: string | null;
  /** Lower-case (check constraint). */
  email: string | null;
  /** fieldCipher output, never the IBAN itself. */
  iban_encrypted: string | null;
  kontoinhaber: string | null;
  confirmed_at: NullableTime;
  delete_after: ColumnType<Date, Date | string, Date | string>;
  created_at: DefaultedTime;
  erased_at: NullableTime;
  /** Migration 0008: the channel of POST /empfaenger/create/{nr}?channel=. */
  channel: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 0010: keyed fingerprints (server/crypto/Fingerprints.ts) for the fraud checks. */
  iban_fingerprint: ColumnType<string | null, string | null | undefined, string | null>;
  client_fingerprint: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface RecipientConsentTable {
  id: Generated<string>;
  mandant_id: string;
  recipient_id: string;
  agb_text: string;
  text_version: string;
  source: Generated<string>;
  given_at: DefaultedTime;
}

export interface ClickTable {
  id: Generated<string>;
  mandant_id: string;
  recommendation_id: string;
  channel: string | null;
  empfaengernummer: string | null;
  clicked_at: ColumnType<Date, Date | string, Date | string>;
}

/** SPEC section 3: the statuses of a reward. */
export type PraemierungStatus =
  | 'Offen'
  | 'Bereitgestellt'
  | 'Ausgezahlt'
  | 'Abgeholt'
  | 'Storniert'
  | 'Abgelaufen';

export interface PraemierungTable {
  id: Generated<string>;
  mandant_id: string;
  recommendation_id: string | null;
  account_id: string | null;
  status: ColumnType<PraemierungStatus, PraemierungStatus | undefined, PraemierungStatus>;
  wert_cent: number;
  praemie_id: string | null;
  chosen_at: NullableTime;
  empfaenger_vorname: string | null;
  empfaenger_nachname: string | null;
  empfaenger_email: string | null;
  token_hash: string | null;
  token_expires_at: NullableTime;
  collected_at: NullableTime;
  created_at: DefaultedTime;
  /** Migration 0005: the customer number the reward is credited to; personal, nulled by erasure. */
  kundennummer: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 0010: whose reward this is (the recipient's part of a split reward). */
  beneficiary: ColumnType<RewardBeneficiary, RewardBeneficiary | undefined, RewardBeneficiary>;
  recipient_id: ColumnType<string | null, string | null | undefined, string | null>;
  order_id: ColumnType<string | null, string | null | undefined, string | null>;
  payout_run_id: ColumnType<string | null, string | null | undefined, string | null>;
  choose_until: NullableTime;
}

export type RewardBeneficiary = 'recommender' | 'recipient';

export interface BankAccountTable {
  account_id: string;
  mandant_id: string;
  /** fieldCipher output, never the IBAN itself. */
  iban_encrypted: string;
  /** Migration 0010: keyed fingerprint of the IBAN, for the fraud checks. */
  iban_fingerprint: ColumnType<string | null, string | null | undefined, string | null>;
  kontoinhaber: string;
  updated_at: DefaultedTime;
}

/** Set-password links (migration 0004): only the SHA-256 of the token is stored. */
export interface AccountTokenTable {
  token_hash: string;
  mandant_id: string;
  account_id: string;
  purpose: 'welcome' | 'reset';
  expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: NullableTime;
  created_at: DefaultedTime;
}

export type MailStatus = 'pending' | 'sent' | 'failed';

/** The mail outbox (migration 0004, server/mail/README.md). */
export interface MailOutboxTable {
  id: Generated<string>;
  mandant_id: string;
  recipient: string;
  language: string;
  template: string;
  subject: string;
  /** Null once delivered: the bodies hold working links. */
  text_body: string | null;
  html_body: string | null;
  status: ColumnType<MailStatus, MailStatus | undefined, MailStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: DefaultedTime;
  last_error: string | null;
  created_at: DefaultedTime;
  sent_at: NullableTime;
}

/** Migration 0005: one newsletter consent event, kept as proof (GDPR Art. 7(1)). */
export type NewsletterConsentEvent = 'requested' | 'confirmed' | 'withdrawn';
export type NewsletterConsentSource = 'settings' | 'mail-link' | 'optout-page';

export interface NewsletterConsentTable {
  id: Generated<string>;
  mandant_id: string;
  /** Null after the account was erased: the proof stays, the person does not. */
  account_id: string | null;
  event: NewsletterConsentEvent;
  consent_text: string;
  /** SHA-256 (hex) of consent_text. */
  text_version: string;
  language: string;
  source: NewsletterConsentSource;
  created_at: DefaultedTime;
}

/** Migration 0005: links of the newsletter opt-in mail; only the SHA-256 of the token is stored. */
export interface NewsletterTokenTable {
  token_hash: string;
  mandant_id: string;
  account_id: string;
  purpose: 'optin' | 'optout';
  expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: NullableTime;
  created_at: DefaultedTime;
}

/** Migration 0008: the tracking completion of SPEC section 3, one row per recipient; personal data. */
export interface TrackingCompletionTable {
  recipient_id: string;
  mandant_id: string;
  recommendation_id: string;
  channel: string | null;
  einsprungsquelle: string | null;
  anrede: string | null;
  vorname: string;
  name: string;
  /** A `date`: written as 'YYYY-MM-DD'. */
  geburtsdatum: ColumnType<Date | string | null, string | null, string | null>;
  /** Lower-case (check constraint). */
  email: string | null;
  telefon: string | null;
  werbeeinwilligung: boolean;
  ort: string | null;
  plz: string | null;
  strasse: string | null;
  hausnummer: string | null;
  completed_at: DefaultedTime;
}

/** Migration 0006: the last good copy of CMS content per mandant, provider source and cache key. */
export interface ContentCacheTable {
  mandant_id: string;
  source: string;
  cache_key: string;
  payload: ColumnType<unknown, string, string>;
  fetched_at: ColumnType<Date, Date | string, Date | string>;
}

/** Migration 0006: messages of the contact form; personal data, deleted after delete_after. */
export interface ContactMessageTable {
  id: Generated<string>;
  mandant_id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  language: string;
  created_at: DefaultedTime;
  delete_after: ColumnType<Date, Date | string, Date | string>;
  mailed_at: NullableTime;
}

/** Migration 0010: how an order reached the client (only link, code and agent earn a reward). */
export type OrderChannel = 'link' | 'code' | 'agent' | 'hotline' | 'shop_direct' | 'other';
export type OrderSource = 'api' | 'csv' | 'tracking' | 'agency' | 'back_office';
export type OrderReview = 'none' | 'pending' | 'approved' | 'rejected';

export interface CustomerOrderTable {
  id: Generated<string>;
  mandant_id: string;
  recommendation_id: string;
  recipient_id: string | null;
  external_order_id: string;
  produkt_id: string;
  /** A date column, written as YYYY-MM-DD. pg and PGlite read it as a local-midnight Date: select it as text. */
  order_date: ColumnType<Date | string, string, string>;
  channel: OrderChannel;
  attributed: boolean;
  source: OrderSource;
  concluded_at: NullableTime;
  cancelled_at: NullableTime;
  already_customer: ColumnType<boolean, boolean | undefined, boolean>;
  review: ColumnType<OrderReview, OrderReview | undefined, OrderReview>;
  fraud_reasons: ColumnType<string[], string[] | undefined, string[]>;
  release_due_at: NullableTime;
  created_at: DefaultedTime;
  /** Copied from the recommendation by a trigger on insert; then agency_release starts 'pending'. */
  agency_id: ColumnType<string | null, string | null | undefined, string | null>;
  agency_release: ColumnType<AgencyRelease | null, AgencyRelease | null | undefined, AgencyRelease | null>;
  agency_released_at: NullableTime;
  agency_released_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 0022: copied from the recommendation by a trigger on insert (the seller's order). */
  profi_seller_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 0013: raised by a trigger on every update; the back office's lost-update check. */
  version: ColumnType<number, never, never>;
}

export interface PayoutRunTable {
  id: Generated<string>;
  mandant_id: string;
  status: ColumnType<'created' | 'executed', 'created' | 'executed' | undefined, 'created' | 'executed'>;
  /** A date column, written as YYYY-MM-DD; select it as text (see customer_order.order_date). */
  execution_date: ColumnType<Date | string, string, string>;
  /** bigint: read as a string by pg. */
  total_cent: ColumnType<string, number, number>;
  transfer_count: number;
  created_by: string;
  created_at: DefaultedTime;
  executed_at: NullableTime;
}

export type LifecycleActor = 'recipient' | 'recommender' | 'system' | 'client_api' | 'back_office' | 'agency';

export interface LifecycleEventTable {
  id: Generated<string>;
  mandant_id: string;
  recommendation_id: string;
  praemierung_id: string | null;
  order_id: string | null;
  from_status: string | null;
  to_status: string;
  reason: string;
  actor: LifecycleActor;
  occurred_at: ColumnType<Date, Date | string, Date | string>;
}

export interface VoucherCodeTable {
  id: Generated<string>;
  mandant_id: string;
  praemie_id: string;
  code: string;
  praemierung_id: string | null;
  imported_at: DefaultedTime;
  handed_out_at: NullableTime;
}

export interface WebhookDeliveryTable {
  id: string;
  mandant_id: string;
  endpoint_url: string;
  event_type: string;
  payload: ColumnType<unknown, string, string>;
  status: ColumnType<
    'pending' | 'delivered' | 'failed',
    'pending' | undefined,
    'pending' | 'delivered' | 'failed'
  >;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: DefaultedTime;
  created_at: DefaultedTime;
  delivered_at: NullableTime;
}

export interface WebhookAttemptTable {
  id: Generated<string>;
  delivery_id: string;
  attempted_at: DefaultedTime;
  http_status: number | null;
  error: string | null;
  duration_ms: number;
}

export interface IdempotencyRecordTable {
  mandant_id: string;
  key: string;
  request_hash: string;
  status_code: number | null;
  response: ColumnType<unknown, string | null, string | null>;
  created_at: DefaultedTime;
  expires_at: ColumnType<Date, Date | string, Date | string>;
}

/** An agency's decision on one of its orders (PUT agentur/auftragfreigeben). */
export type AgencyRelease = 'pending' | 'released' | 'rejected';

/** An agency (migration 0011). */
export interface AgencyTable {
  id: Generated<string>;
  mandant_id: string;
  agenturnummer: string;
  firma: string;
  strasse: ColumnType<string, string | undefined, string>;
  plz: ColumnType<string, string | undefined, string>;
  ort: ColumnType<string, string | undefined, string>;
  ust_id: ColumnType<string, string | undefined, string>;
  steuernummer: ColumnType<string, string | undefined, string>;
  kontakt_name: ColumnType<string, string | undefined, string>;
  kontakt_email: ColumnType<string, string | undefined, string>;
  kontakt_telefon: ColumnType<string, string | undefined, string>;
  /** Encrypted with the server's cipher (server/crypto). */
  iban_encrypted: string | null;
  kontoinhaber: string | null;
  sso_department: string | null;
  variables: ColumnType<Record<string, string>, string | undefined, string>;
  last_invoice_number: ColumnType<number, number | undefined, number>;
  created_at: DefaultedTime;
  /** registered → pending → active (or rejected): a self-registered agency waits for the programme team. */
  status: ColumnType<AgencyStatus, AgencyStatus | undefined, AgencyStatus>;
}

export type AgencyStatus = 'registered' | 'pending' | 'active' | 'rejected';

/** Single-use links of agency staff and of an agency's registration (migration 0011). */
export interface AgencyUserTokenTable {
  token_hash: string;
  mandant_id: string;
  agency_user_id: string;
  purpose: 'welcome' | 'reset' | 'confirm';
  expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: NullableTime;
  created_at: DefaultedTime;
}

export type InvitationArt = 'VorOrt' | 'Telefonisch';
export type InvitationStatus = 'Versendet' | 'Registriert' | 'Abgelaufen';

export interface AgencyInvitationTable {
  id: Generated<string>;
  mandant_id: string;
  agency_id: string;
  agency_user_id: string | null;
  vorname: string;
  nachname: string;
  email: string;
  art: InvitationArt;
  mitarbeiternummer: string | null;
  token_hash: string;
  status: ColumnType<InvitationStatus, InvitationStatus | undefined, InvitationStatus>;
  account_id: string | null;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  registered_at: NullableTime;
  created_at: DefaultedTime;
}

export interface AgencyRewardPlanTable {
  id: Generated<string>;
  mandant_id: string;
  agency_id: string;
  produkt_id: string;
  provision_cent: number;
  gueltig_ab: ColumnType<Date, Date | string, Date | string>;
  gueltig_bis: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: DefaultedTime;
}

export interface AgencyInvoiceTable {
  id: Generated<string>;
  mandant_id: string;
  agency_id: string;
  rechnungsnummer: number;
  monat: ColumnType<Date, Date | string, Date | string>;
  rechnungsdatum: ColumnType<Date, Date | string, Date | string>;
  /** bigint columns come back as strings from pg; numbers in PGlite: read with Number(). */
  netto_cent: ColumnType<string | number, number, number>;
  ust_satz_promille: number;
  ust_cent: ColumnType<string | number, number, number>;
  brutto_cent: ColumnType<string | number, number, number>;
  positionen: ColumnType<unknown, string, string>;
  parteien: ColumnType<unknown, string, string>;
  created_at: DefaultedTime;
}

/** A member of the client's programme team (issue 15, migration 0012). */
export interface BackofficeUserTable {
  id: Generated<string>;
  mandant_id: string;
  email: string;
  name: ColumnType<string, string | undefined, string>;
  roles: ColumnType<BackofficeRole[], BackofficeRole[] | undefined, BackofficeRole[]>;
  status: ColumnType<'active' | 'inactive', 'active' | 'inactive' | undefined, 'active' | 'inactive'>;
  password_hash: string | null;
  password_changed_at: NullableTime;
  totp_secret_encrypted: string | null;
  totp_confirmed_at: NullableTime;
  totp_last_step: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  sso_subject: string | null;
  last_login_at: NullableTime;
  created_at: DefaultedTime;
}

export interface BackofficeChallengeTable {
  token_hash: string;
  mandant_id: string;
  user_id: string;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  attempts: ColumnType<number, number | undefined, number>;
  used_at: NullableTime;
}

/** One back-office action (issue 15): who, what, on which record, before and after. */
export interface AuditLogTable {
  id: GeneratedAlways<string>;
  mandant_id: string;
  actor_id: string | null;
  actor_email: string;
  action: string;
  subject_type: string;
  subject_id: string;
  before: ColumnType<unknown, string | null | undefined, string | null>;
  after: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: DefaultedTime;
}

/** An integration API key made in the back office (issue 15, migration 0018). */
export interface IntegrationKeyTable {
  mandant_id: string;
  id: string;
  name: string;
  secret_encrypted: string;
  previous_secret_encrypted: string | null;
  previous_expires_at: NullableTime;
  status: ColumnType<'active' | 'revoked', 'active' | 'revoked' | undefined, 'active' | 'revoked'>;
  created_at: DefaultedTime;
  rotated_at: NullableTime;
  revoked_at: NullableTime;
  version: ColumnType<number, number | undefined, number>;
}

/** A webhook endpoint made in the back office (issue 15, migration 0018); events null: every type. */
export interface WebhookEndpointTable {
  id: Generated<string>;
  mandant_id: string;
  url: string;
  events: string[] | null;
  secret_encrypted: string;
  created_at: DefaultedTime;
}

/** Single-use links of back-office users (issue 15, migration 0018). */
export interface BackofficeUserTokenTable {
  token_hash: string;
  mandant_id: string;
  user_id: string;
  purpose: 'welcome';
  expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: NullableTime;
  created_at: DefaultedTime;
}

/** A voucher pool's low-stock threshold and alert state (issue 15, migration 0014, server/backoffice/payouts). */
export interface VoucherPoolSettingTable {
  mandant_id: string;
  praemie_id: string;
  /** null: the mandant's programme.voucherLowStock. */
  low_stock_threshold: number | null;
  /** When the low-stock mail went out; null again once the stock is back at or above the threshold. */
  low_stock_alerted_at: NullableTime;
  updated_at: DefaultedTime;
}

/** An override of a mandant's settings made in the back office (issue 15, migration 0017). */
export interface BackofficeSettingTable {
  id: Generated<string>;
  mandant_id: string;
  kind: 'praemien' | 'aktionen' | 'channelRanks';
  version: number;
  document: ColumnType<unknown, string, string>;
  status: ColumnType<
    'draft' | 'live' | 'retired',
    'draft' | 'live' | undefined,
    'draft' | 'live' | 'retired'
  >;
  note: ColumnType<string, string | undefined, string>;
  copied_from: number | null;
  author_id: string | null;
  author_email: string;
  created_at: DefaultedTime;
  published_at: NullableTime;
  retired_at: NullableTime;
}

/** Counts the changes of what is live per mandant; instances poll it (migration 0017). */
export interface BackofficeSettingRevisionTable {
  mandant_id: string;
  revision: ColumnType<string, string | number | undefined, string | number>;
}

/** Programme figures (issue 15, migration 0016): one row per mandant, Berlin day, channel, product, campaign. */
export interface FiguresDailyTable {
  mandant_id: string;
  /** A date column (YYYY-MM-DD); select it as text. */
  day: ColumnType<Date | string, string, string>;
  channel: string;
  produkt_id: string;
  campaign: string;
  recommendations: number;
  /** bigint columns: read as strings by pg. */
  clicks: ColumnType<string, number | string, number | string>;
  recipients_confirmed: number;
  orders: number;
  rewards_released: number;
  rewards_released_cent: ColumnType<string, number | string, number | string>;
  rewards_paid: number;
  rewards_paid_cent: ColumnType<string, number | string, number | string>;
}

/** Migration 0016: the first Berlin day not yet in figures_daily, per mandant. */
export interface FiguresRollupStateTable {
  mandant_id: string;
  rolled_until: ColumnType<Date | string, string, string>;
  /** The days from rolled_until on hold their clicks before this moment only. */
  clicks_until: NullableTime;
  refreshed_at: DefaultedTime;
}

/** Migration 0016: days changed after they may have been rolled up (written by triggers). */
export interface FiguresDirtyDayTable {
  mandant_id: string;
  day: ColumnType<Date | string, string, string>;
}

/** Issue 16, migration 0022: a profi-seller (an account with the seller's business data). */
export type ProfiTaxStatus = 'kleinunternehmer' | 'regelbesteuert';
export interface ProfiSellerTable {
  id: Generated<string>;
  mandant_id: string;
  /** Migration 0023: null once the account was erased (the seller record stays for the credit notes). */
  account_id: ColumnType<string | null, string, string | null>;
  profinummer: string;
  art: 'person' | 'firma';
  firma: ColumnType<string, string | undefined, string>;
  strasse: string;
  plz: string;
  ort: string;
  telefon: ColumnType<string, string | undefined, string>;
  steuerstatus: ProfiTaxStatus;
  steuernummer: ColumnType<string, string | undefined, string>;
  ust_id: ColumnType<string, string | undefined, string>;
  iban_encrypted: ColumnType<string | null, string | null | undefined, string | null>;
  iban_fingerprint: ColumnType<string | null, string | null | undefined, string | null>;
  kontoinhaber: ColumnType<string | null, string | null | undefined, string | null>;
  vereinbarung_version: ColumnType<string | null, string | null | undefined, string | null>;
  vereinbarung_at: NullableTime;
  status: ColumnType<'active' | 'blocked', 'active' | 'blocked' | undefined, 'active' | 'blocked'>;
  created_at: DefaultedTime;
}

export interface ProfiCreditNoteCounterTable {
  mandant_id: string;
  last_number: ColumnType<number, number | undefined, number>;
}

export interface ProfiCreditNoteTable {
  id: Generated<string>;
  mandant_id: string;
  profi_seller_id: string;
  nummer: number;
  /** Date columns: select them as text. */
  monat: ColumnType<Date | string, string, string>;
  rechnungsdatum: ColumnType<Date | string, string, string>;
  steuerstatus: ProfiTaxStatus;
  /** bigint columns come back as strings from pg; numbers in PGlite: read with Number(). */
  netto_cent: ColumnType<string | number, number, number>;
  ust_satz_promille: number;
  ust_cent: ColumnType<string | number, number, number>;
  brutto_cent: ColumnType<string | number, number, number>;
  positionen: ColumnType<unknown, string, string>;
  parteien: ColumnType<unknown, string, string>;
  payout_run_id: ColumnType<string | null, string | null | undefined, string | null>;
  paid_at: NullableTime;
  created_at: DefaultedTime;
}

export type ProfiCommissionStatus = 'pending' | 'approved' | 'paid' | 'cancelled';
export interface ProfiCommissionTable {
  id: Generated<string>;
  mandant_id: string;
  profi_seller_id: string;
  order_id: string;
  produkt_id: string;
  basis_cent: number;
  extra_cent: ColumnType<number, number | undefined, number>;
  extras: ColumnType<unknown, string | undefined, string>;
  status: ColumnType<ProfiCommissionStatus, ProfiCommissionStatus | undefined, ProfiCommissionStatus>;
  approved_at: NullableTime;
  cancelled_at: NullableTime;
  paid_at: NullableTime;
  credit_note_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: DefaultedTime;
}
