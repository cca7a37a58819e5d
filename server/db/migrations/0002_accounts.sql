-- Accounts and sessions (issue 3). E-mail addresses are stored lower-case: "unique per mandant,
-- case-insensitive" is then a plain unique constraint, and every lookup normalises the same way.

-- Recommenders (SPEC section 3, current user). status decides the login answer: active logs in, the other
-- three are SPEC's "account blocked" variants (PSOF0203 blocked, PSOF0205 suspended, PSOF0206 excluded
-- by the participation terms).
create table account (
  id uuid primary key default gen_random_uuid(),
  mandant_id text not null references mandant(id),
  email text not null check (email = lower(email)),
  password_hash text not null,
  anrede text not null default '',
  vorname text not null,
  nachname text not null,
  empfehler_hash text not null unique,
  newsletter_optin_gegeben boolean not null default false,
  newsletter_optin_versendet_am timestamptz,
  language text not null default 'de' check (language ~ '^[a-z]{2}$'),
  status text not null default 'active' check (status in ('active', 'blocked', 'suspended', 'excluded')),
  created_at timestamptz not null default now(),
  -- Tokens issued before this moment are no longer accepted (a password change ends other sessions).
  -- Null until the first change. Written with the application's clock, the clock that sets a token's iat,
  -- so that a database clock running ahead cannot reject the token a password change itself hands out.
  password_changed_at timestamptz,
  unique (mandant_id, email)
);

-- Agency staff (SPEC sections 2 and 6). They sign in by single sign-on, so there is no password here.
create table agency_user (
  id uuid primary key default gen_random_uuid(),
  mandant_id text not null references mandant(id),
  email text not null check (email = lower(email)),
  name text not null,
  roles text[] not null default '{placeholder}'
    check (roles <@ array['owner', 'inactiveOwner', 'employee', 'placeholder']::text[]),
  status text not null default 'active' check (status in ('active', 'blocked')),
  created_at timestamptz not null default now(),
  unique (mandant_id, email)
);

-- The revocation list: logout puts the token id here until the token would have expired anyway, so the
-- table only ever holds tokens that are still alive. Expired rows are purged opportunistically.
create table revoked_token (
  jti text primary key,
  mandant_id text not null references mandant(id),
  expires_at timestamptz not null
);
create index revoked_token_expires_at on revoked_token (expires_at);

-- Single-use admin login tokens (GET /account/login/?token=). Only a SHA-256 of the token is stored: a
-- copy of the database holds no working login link.
create table login_token (
  token_hash text primary key,
  mandant_id text not null references mandant(id),
  account_id uuid not null references account(id) on delete cascade,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index login_token_expires_at on login_token (expires_at);

-- Fixed-window attempt counters shared by every instance (rate limits without Redis). Keys carry the
-- mandant and an HMAC of the IP address or e-mail, never the value itself.
create table rate_limit (
  key text not null,
  window_start timestamptz not null,
  count integer not null,
  expires_at timestamptz not null,
  primary key (key, window_start)
);
create index rate_limit_expires_at on rate_limit (expires_at);

-- Secrets the server generates once when the environment gives none (the token signing key), shared by
-- every instance over the same database.
create table server_secret (
  name text primary key,
  value text not null,
  created_at timestamptz not null default now()
);
