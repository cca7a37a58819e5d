-- The recommendation domain (issues 4 and 5): recommendations, their recipients, consents, clicks, the
-- recommender's rewards (praemierung) and bank data. Personal fields are nullable so that erasure
-- (GDPR Art. 17) can remove them while what accounting must keep stays, without the person's identity.

-- A recommendation (SPEC section 3, Empfehlung). empfehlungsnummer is public (it is in every link);
-- link_hex is the unguessable part of /empfehlen/{nr}/{hex}. The recommender is an account when logged in
-- or matched by e-mail, else only the name and e-mail given in the form.
create table recommendation (
  id uuid primary key default gen_random_uuid(),
  mandant_id text not null references mandant(id),
  empfehlungsnummer text not null check (empfehlungsnummer ~ '^[0-9]{6,12}$'),
  link_hex text not null check (link_hex ~ '^[0-9a-f]{16,64}$'),
  -- Offline recommendation code (ModuleErstelleOfflineEmpfehlungCode), entered on /code.
  code text,
  kind text not null default 'standard' check (kind in ('standard', 'agent', 'company', 'offline')),
  account_id uuid references account(id) on delete set null,
  empfehler_vorname text,
  empfehler_nachname text,
  -- Lower-case, like account.email.
  empfehler_email text check (empfehler_email = lower(empfehler_email)),
  produkt_id text not null,
  produkt_quelle text,
  -- The call-centre agent or recommended agent (ModuleAgentRecommendation, agent list source).
  agent_nummer text,
  channel text,
  -- Share of the reward the recommender keeps, in percent (RecommenderDefaultShare, 50:50 split).
  anteil_empfehler integer not null default 100 check (anteil_empfehler between 0 and 100),
  -- The reward shown when the recommendation was made, in cents (null when the product has none).
  praemie_cent integer check (praemie_cent >= 0),
  -- Campaigns (Aktionen) with the consent given: [{ AktionsId, Zustimmung, textVersion }].
  aktionen jsonb not null default '[]'::jsonb,
  -- Version (SHA-256) of the AGB text the recommender accepted.
  agb_text_version text,
  status text not null default 'Offen'
    check (status in ('Ok', 'Abgelaufen', 'Offen', 'Freigegeben', 'Gezahlt', 'Storniert')),
  -- A replayed create request with the same key answers with the recommendation it made before.
  idempotency_key text,
  created_at timestamptz not null default now(),
  -- The recipient has 60 days to follow the link (SPEC section 9).
  link_expires_at timestamptz not null,
  erased_at timestamptz,
  unique (mandant_id, empfehlungsnummer),
  unique (mandant_id, code),
  unique (mandant_id, idempotency_key)
);
create index recommendation_account on recommendation (mandant_id, account_id);
create index recommendation_email on recommendation (mandant_id, empfehler_email);

-- The friend who followed the link (SPEC section 3, Empfaenger). Data not confirmed is deleted after 12 weeks.
create table recipient (
  id uuid primary key default gen_random_uuid(),
  mandant_id text not null references mandant(id),
  recommendation_id uuid not null references recommendation(id) on delete cascade,
  empfaengernummer text not null check (empfaengernummer ~ '^[0-9]{6,12}$'),
  vorname text,
  nachname text,
  email text check (email = lower(email)),
  -- AES-256-GCM (server/crypto/fieldCipher.ts); never stored in the clear.
  iban_encrypted text,
  kontoinhaber text,
  confirmed_at timestamptz,
  -- Unconfirmed data is erased after this moment (12 weeks after creation).
  delete_after timestamptz not null,
  created_at timestamptz not null default now(),
  erased_at timestamptz,
  unique (mandant_id, empfaengernummer)
);
create index recipient_recommendation on recipient (recommendation_id);
create index recipient_delete_after on recipient (delete_after) where confirmed_at is null and erased_at is null;

-- Proof of a recipient's consent (PUT /empfaenger/zustimmung): the exact text, its version and the moment.
create table recipient_consent (
  id uuid primary key default gen_random_uuid(),
  mandant_id text not null references mandant(id),
  recipient_id uuid not null references recipient(id) on delete cascade,
  agb_text text not null,
  text_version text not null,
  source text not null default 'web',
  given_at timestamptz not null default now()
);
create index recipient_consent_recipient on recipient_consent (recipient_id);

-- Clicks on shared links, written in batches by the click redirect (the hot path). No IP address kept.
create table click (
  id bigint generated always as identity primary key,
  mandant_id text not null references mandant(id),
  recommendation_id uuid not null references recommendation(id) on delete cascade,
  channel text,
  empfaengernummer text,
  clicked_at timestamptz not null
);
create index click_recommendation on click (recommendation_id);

-- The recommender's reward for one recommendation (SPEC: Praemierung stores the chosen Praemie). Kept for
-- accounting when the account is erased: account_id and the receipt fields are then nulled.
create table praemierung (
  id uuid primary key default gen_random_uuid(),
  mandant_id text not null references mandant(id),
  recommendation_id uuid references recommendation(id) on delete set null,
  account_id uuid references account(id) on delete set null,
  status text not null default 'Offen'
    check (status in ('Offen', 'Bereitgestellt', 'Ausgezahlt', 'Abgeholt', 'Storniert', 'Abgelaufen')),
  wert_cent integer not null check (wert_cent >= 0),
  -- The chosen reward (an Id of the mandant's reward catalogue) and when it was chosen.
  praemie_id text,
  chosen_at timestamptz,
  -- Receipt form of the reward details page.
  empfaenger_vorname text,
  empfaenger_nachname text,
  empfaenger_email text,
  -- Reward-collection token (praemierungstoken): only its SHA-256 is stored.
  token_hash text unique,
  token_expires_at timestamptz,
  collected_at timestamptz,
  created_at timestamptz not null default now()
);
create index praemierung_account on praemierung (mandant_id, account_id);

-- The recommender's bank data (GET/PUT/DELETE /empfehler/bankdaten/, ModuleStoringBankdata).
create table bank_account (
  account_id uuid primary key references account(id) on delete cascade,
  mandant_id text not null references mandant(id),
  iban_encrypted text not null,
  kontoinhaber text not null,
  updated_at timestamptz not null default now()
);
