-- The account lifecycle and the mail outbox (issue 5): registration, set-password and reset links, and
-- every mail the platform sends (docs/adr/0009-mail-outbox.md).

-- A registered recommender who has not yet set a password (POST /account/createEmpfehler, before the
-- welcome mail's link is used) has no password hash. Such an account cannot log in: login checks a null
-- hash like an unknown e-mail (dummy hash, PSOF0200). A null is honest where a marker string would be a
-- "hash" that every reader must know to be fake.
alter table account alter column password_hash drop not null;

-- Single-use links that let someone set the password of an account: `welcome` (registration) and `reset`
-- (forgotten password). Only a SHA-256 of the 256-bit token is stored, so a copy of the database holds no
-- working link. A new link of a purpose replaces the account's older unused ones of that purpose (they
-- are marked used), and setting the password uses up every open link of the account.
create table account_token (
  token_hash text primary key,
  mandant_id text not null references mandant(id),
  account_id uuid not null references account(id) on delete cascade,
  purpose text not null check (purpose in ('welcome', 'reset')),
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index account_token_account on account_token (mandant_id, account_id);
create index account_token_expires_at on account_token (expires_at);

-- Transactional outbox: a mail is inserted in the same transaction as the change it tells about, so a
-- committed change always has its mail and a rolled-back one never. The worker delivers due rows over SMTP
-- (claimed with FOR UPDATE SKIP LOCKED, so several instances never send one row twice at once), and moves
-- next_attempt_at forward as a lease while it sends and as a back-off after a failure. Without SMTP_URL
-- mails stay here and the dev mail view shows them. After delivery the bodies are removed (they hold
-- links that work); delivered rows are purged after a while.
create table mail_outbox (
  id uuid primary key default gen_random_uuid(),
  mandant_id text not null references mandant(id),
  recipient text not null,
  language text not null check (language ~ '^[a-z]{2}$'),
  template text not null,
  subject text not null,
  text_body text,
  html_body text,
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  -- The SMTP reply code or error code of the last failure; never the message (it may quote the address).
  last_error text,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
create index mail_outbox_due on mail_outbox (next_attempt_at) where status = 'pending';
create index mail_outbox_recipient on mail_outbox (mandant_id, recipient);
