-- The back office's admin tools (issue 15): API keys and webhook endpoints stored in the database beside the
-- mandant's config, and the welcome links of invited back-office staff.

-- An integration API key made in the back office. The X-Api-Key header names it (id); requests are signed
-- with its secret (`whsec_…`, encrypted at rest with the field cipher, never shown again after creation or
-- rotation). A rotation replaces the secret; the previous one keeps working only until previous_expires_at
-- (an overlap the admin chooses, 0 = none). A revoked key is refused.
create table integration_key (
  mandant_id text not null references mandant(id),
  id text not null check (id ~ '^[a-z0-9][a-z0-9-]{0,31}$'),
  name text not null check (length(name) between 1 and 100),
  secret_encrypted text not null,
  previous_secret_encrypted text,
  previous_expires_at timestamptz,
  status text not null default 'active' check (status in ('active', 'revoked')),
  created_at timestamptz not null default now(),
  rotated_at timestamptz,
  revoked_at timestamptz,
  version integer not null default 1,
  primary key (mandant_id, id)
);

-- A webhook endpoint made in the back office, beside programme.webhooks. events null: every type.
create table webhook_endpoint (
  id uuid primary key default gen_random_uuid(),
  mandant_id text not null references mandant(id),
  url text not null check (length(url) between 8 and 2000),
  events text[],
  secret_encrypted text not null,
  created_at timestamptz not null default now(),
  unique (mandant_id, url)
);

-- The delivery log lists a mandant's deliveries newest first.
create index webhook_delivery_log on webhook_delivery (mandant_id, created_at, id);
create index webhook_attempt_latest on webhook_attempt (delivery_id, attempted_at);

-- Single-use links of back-office users (welcome: set the first password after an invitation).
create table backoffice_user_token (
  token_hash text primary key,
  mandant_id text not null references mandant(id),
  user_id uuid not null references backoffice_user(id) on delete cascade,
  purpose text not null check (purpose in ('welcome')),
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index backoffice_user_token_user on backoffice_user_token (mandant_id, user_id);
