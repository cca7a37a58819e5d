-- Order to reward (issue 13): orders from the client's systems, the lifecycle's event log, the reward's
-- second beneficiary (the recipient, when the reward is split), payout runs, voucher pools, outgoing
-- webhooks and idempotent writes of the integration API. docs/lifecycle.md draws the state machines.

-- An order reported by the client's systems (integration API, CSV import), the shop (tracking/abschliessen),
-- an agency or the back office. Only an order that came through the recommendation (attributed) earns a
-- reward (SPEC 1: an order through another channel, e.g. the hotline, is not rewarded).
create table customer_order (
  id uuid primary key default gen_random_uuid(),
  mandant_id text not null references mandant(id),
  recommendation_id uuid not null references recommendation(id),
  recipient_id uuid references recipient(id) on delete set null,
  external_order_id text not null check (length(external_order_id) between 1 and 100),
  produkt_id text not null,
  order_date date not null,
  -- link, code and agent come through the recommendation; hotline, shop_direct and other do not.
  channel text not null check (channel in ('link', 'code', 'agent', 'hotline', 'shop_direct', 'other')),
  attributed boolean not null,
  -- api, csv, tracking, agency or back_office: who reported the order.
  source text not null check (source in ('api', 'csv', 'tracking', 'agency', 'back_office')),
  concluded_at timestamptz,
  cancelled_at timestamptz,
  already_customer boolean not null default false,
  -- Fraud checks at attribution (server/lifecycle/fraudChecks.ts): a flagged order waits for review.
  review text not null default 'none' check (review in ('none', 'pending', 'approved', 'rejected')),
  fraud_reasons text[] not null default '{}',
  -- Set when the order is attributed and the contract concluded: order_date + claim period.
  release_due_at timestamptz,
  created_at timestamptz not null default now(),
  unique (mandant_id, external_order_id)
);
create index customer_order_recommendation on customer_order (mandant_id, recommendation_id);
create index customer_order_release_due on customer_order (release_due_at)
  where release_due_at is not null and cancelled_at is null;

-- Payout runs: due cash rewards collected into one SEPA credit transfer (pain.001), produced on demand.
create table payout_run (
  id uuid primary key default gen_random_uuid(),
  mandant_id text not null references mandant(id),
  status text not null default 'created' check (status in ('created', 'executed')),
  execution_date date not null,
  total_cent bigint not null check (total_cent >= 0),
  transfer_count integer not null check (transfer_count >= 0),
  created_by text not null,
  created_at timestamptz not null default now(),
  executed_at timestamptz
);
create index payout_run_mandant on payout_run (mandant_id, created_at);

-- The recommender's reward, and the recipient's when the reward is split (beneficiary). One per order and
-- beneficiary, so a release that runs twice creates nothing twice.
alter table praemierung add column beneficiary text not null default 'recommender'
  check (beneficiary in ('recommender', 'recipient'));
alter table praemierung add column recipient_id uuid references recipient(id) on delete set null;
alter table praemierung add column order_id uuid references customer_order(id);
alter table praemierung add column payout_run_id uuid references payout_run(id);
-- A reward not chosen by then lapses (Abgelaufen); per mandant (programme.rewardChoiceDays).
alter table praemierung add column choose_until timestamptz;
create unique index praemierung_order_beneficiary on praemierung (order_id, beneficiary)
  where order_id is not null;
create index praemierung_payout on praemierung (mandant_id, status) where payout_run_id is null;

-- Every transition of a recommendation or a reward (praemierung_id set): the audit trail, the
-- recommender's timeline and the source of the webhooks. Append-only; written only by
-- server/lifecycle/applyTransition.ts.
create table lifecycle_event (
  id bigint generated always as identity primary key,
  mandant_id text not null references mandant(id),
  recommendation_id uuid not null references recommendation(id),
  praemierung_id uuid references praemierung(id),
  order_id uuid references customer_order(id),
  from_status text,
  to_status text not null,
  reason text not null,
  actor text not null check (actor in ('recipient', 'recommender', 'system', 'client_api', 'back_office', 'agency')),
  occurred_at timestamptz not null
);
create index lifecycle_event_recommendation on lifecycle_event (mandant_id, recommendation_id, id);

-- Voucher pools: codes imported by CSV, each handed out once (praemierung_id set in the same statement).
create table voucher_code (
  id uuid primary key default gen_random_uuid(),
  mandant_id text not null references mandant(id),
  praemie_id text not null,
  code text not null,
  praemierung_id uuid unique references praemierung(id),
  imported_at timestamptz not null default now(),
  handed_out_at timestamptz,
  unique (mandant_id, praemie_id, code)
);
create index voucher_code_free on voucher_code (mandant_id, praemie_id) where praemierung_id is null;

-- Outgoing webhooks (Standard Webhooks): one row per event and endpoint, delivered at least once from this
-- table with back-off; the id is the webhook-id header, so receivers can drop duplicates.
create table webhook_delivery (
  id text primary key,
  mandant_id text not null references mandant(id),
  endpoint_url text not null,
  event_type text not null,
  payload jsonb not null,
  status text not null default 'pending' check (status in ('pending', 'delivered', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  delivered_at timestamptz
);
create index webhook_delivery_due on webhook_delivery (next_attempt_at) where status = 'pending';

-- Every delivery attempt: when, the receiver's HTTP status or the kind of failure.
create table webhook_attempt (
  id bigint generated always as identity primary key,
  delivery_id text not null references webhook_delivery(id) on delete cascade,
  attempted_at timestamptz not null default now(),
  http_status integer,
  error text,
  duration_ms integer not null
);
create index webhook_attempt_delivery on webhook_attempt (delivery_id);

-- Idempotent writes of the integration API (Stripe's semantics): the first answer to a key is kept for
-- 24 hours; the same key with another body is refused.
create table idempotency_record (
  mandant_id text not null references mandant(id),
  key text not null,
  request_hash text not null,
  status_code integer,
  response jsonb,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  primary key (mandant_id, key)
);
create index idempotency_record_expires on idempotency_record (expires_at);

-- The recommender's choice of the mails that are not essential (issue 13, notifications).
alter table account add column notification_optouts text[] not null default '{}';

-- The § 22 Nr. 3 EStG note goes into one reward mail a year: the year it last went out.
alter table account add column tax_notice_year integer;

-- Fraud checks (issue 13): keyed fingerprints (server/crypto/Fingerprints.ts) to find one IBAN at several
-- recommenders and bursts of recipients from one client (network and user agent), without the values.
alter table bank_account add column iban_fingerprint text;
alter table recipient add column iban_fingerprint text;
alter table recipient add column client_fingerprint text;
create index bank_account_iban_fingerprint on bank_account (mandant_id, iban_fingerprint);
create index recipient_client_fingerprint on recipient (mandant_id, client_fingerprint, created_at);
