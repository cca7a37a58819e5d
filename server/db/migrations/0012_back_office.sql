-- The back office (issue 15): the client's programme team signs in (single sign-on, or e-mail, password and
-- a TOTP second factor), holds roles, and every action it takes is written to the audit log.

-- A member of the client's programme team. Signs in by SSO (sso_subject) or with password and TOTP.
create table backoffice_user (
  id uuid primary key default gen_random_uuid(),
  mandant_id text not null references mandant(id),
  email text not null check (length(email) between 3 and 254),
  name text not null default '' check (length(name) <= 200),
  roles text[] not null default '{}'
    check (roles <@ array['viewer', 'operator', 'finance', 'admin']::text[]),
  -- inactive: switched off by an admin; the session ends at the next call.
  status text not null default 'active' check (status in ('active', 'inactive')),
  password_hash text,
  password_changed_at timestamptz,
  -- The TOTP secret (base32), encrypted at rest; confirmed once the first code was entered.
  totp_secret_encrypted text,
  totp_confirmed_at timestamptz,
  -- The last accepted TOTP time step: a code is never accepted twice (RFC 6238 section 5.2).
  totp_last_step bigint,
  sso_subject text,
  last_login_at timestamptz,
  created_at timestamptz not null default now(),
  unique (mandant_id, email),
  unique (mandant_id, sso_subject)
);

-- Short-lived single-use tokens of the sign-in: after the password, before the second factor.
create table backoffice_challenge (
  token_hash text primary key,
  mandant_id text not null references mandant(id),
  user_id uuid not null references backoffice_user(id) on delete cascade,
  expires_at timestamptz not null,
  attempts integer not null default 0,
  used_at timestamptz
);
create index backoffice_challenge_expiry on backoffice_challenge (expires_at);

-- Every back-office action: who, what, on which record, when, the record before and after.
create table audit_log (
  id bigint generated always as identity primary key,
  mandant_id text not null references mandant(id),
  actor_id uuid references backoffice_user(id) on delete set null,
  -- Kept when the user is deleted: the log must still say who it was.
  actor_email text not null,
  action text not null check (action ~ '^[a-z][a-zA-Z0-9.]{1,79}$'),
  subject_type text not null check (length(subject_type) between 1 and 60),
  subject_id text not null check (length(subject_id) between 1 and 200),
  before jsonb,
  after jsonb,
  created_at timestamptz not null default now()
);
create index audit_log_list on audit_log (mandant_id, created_at, id);
create index audit_log_subject on audit_log (mandant_id, subject_type, subject_id, created_at);
