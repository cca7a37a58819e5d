-- The recommender's personal area (issue 5): newsletter double opt-in with provable consent, the links of
-- the opt-in mail, and the customer number a reward is credited to. Erasure (DELETE /empfehler/delete,
-- docs/adr/0011-erasure-and-export.md) deletes the account row: the consent log keeps its entries without
-- the person (account_id set null), the mail links die with the account (cascade).

-- Every newsletter consent event, so that a consent can be proven (GDPR Art. 7(1)): what happened, when,
-- the exact text the person saw, its version (SHA-256 of that text) and where it happened. Append-only.
create table newsletter_consent (
  id uuid primary key default gen_random_uuid(),
  mandant_id text not null references mandant(id),
  account_id uuid references account(id) on delete set null,
  -- requested: opt-in mail sent (pending); confirmed: link from the mail used (opted in); withdrawn: opt-out.
  event text not null check (event in ('requested', 'confirmed', 'withdrawn')),
  consent_text text not null,
  text_version text not null check (text_version ~ '^[0-9a-f]{64}$'),
  language text not null check (language ~ '^[a-z]{2}$'),
  -- settings (the switch in MeineDaten), mail-link (the opt-in or opt-out link of a mail), optout-page.
  source text not null check (source in ('settings', 'mail-link', 'optout-page')),
  created_at timestamptz not null default now()
);
create index newsletter_consent_account on newsletter_consent (mandant_id, account_id);

-- The links of the opt-in mail: confirm (single-use, short-lived) and withdraw (single-use, long-lived, so
-- the person can unsubscribe from the mail later without logging in). Only a SHA-256 is stored.
create table newsletter_token (
  token_hash text primary key,
  mandant_id text not null references mandant(id),
  account_id uuid not null references account(id) on delete cascade,
  purpose text not null check (purpose in ('optin', 'optout')),
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index newsletter_token_account on newsletter_token (mandant_id, account_id);

-- The mandant's customer number of the recommender for this reward (KundenNummer page, PUT
-- /empfehler/SetKundennummerForEmpfehler): a reward paid as a credit on the customer's bill needs it.
-- Personal: erasure nulls it with the receipt fields.
alter table praemierung add column kundennummer text;
