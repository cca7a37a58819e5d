-- The agency area (issue 14, SPEC sections 2, 6, 7): agencies, their staff with roles and sign-in (SSO or
-- e-mail and password), invitations of customers who become recommenders attributed to the agency and the
-- employee, the agency's release of its orders, its reward plan, master data and monthly invoices.

-- An agency of a mandant. Its staff are agency_user rows; recommenders it brought are attributed to it.
create table agency (
  id uuid primary key default gen_random_uuid(),
  mandant_id text not null references mandant(id),
  -- The agency's public number (shown on invoices and in the back office).
  agenturnummer text not null check (agenturnummer ~ '^[0-9A-Z-]{1,20}$'),
  -- Master data (SPEC 6 "master data"): company, address, tax ids, contact.
  firma text not null check (length(firma) between 1 and 200),
  strasse text not null default '',
  plz text not null default '',
  ort text not null default '',
  ust_id text not null default '',
  steuernummer text not null default '',
  kontakt_name text not null default '',
  kontakt_email text not null default '',
  kontakt_telefon text not null default '',
  -- The bank account for commissions, encrypted at rest (server/crypto, like bank_account).
  iban_encrypted text,
  kontoinhaber text,
  -- The value of the identity provider's department claim that names this agency (SSO), if any.
  sso_department text,
  -- Agency variables (POST /content/agenturvariables/{id}): name → value, shown in the agency's content.
  variables jsonb not null default '{}'::jsonb,
  -- The last invoice number handed out; incremented in the invoice's transaction (numbers without gaps).
  last_invoice_number integer not null default 0 check (last_invoice_number >= 0),
  created_at timestamptz not null default now(),
  unique (mandant_id, agenturnummer),
  unique (mandant_id, sso_department)
);

-- Staff belong to an agency; they sign in by SSO (sso_subject) or by e-mail and password (password_hash).
alter table agency_user add column agency_id uuid references agency(id);
alter table agency_user add column password_hash text;
alter table agency_user add column password_changed_at timestamptz;
alter table agency_user add column mitarbeiternummer text;
-- The identity provider's subject once the user signed in by SSO.
alter table agency_user add column sso_subject text;
alter table agency_user add constraint agency_user_sso_subject unique (mandant_id, sso_subject);
-- inactive: deactivated by the owner (can be reactivated); blocked: barred from the programme (SPEC 6).
alter table agency_user drop constraint agency_user_status_check;
alter table agency_user add constraint agency_user_status_check
  check (status in ('active', 'inactive', 'blocked'));
create index agency_user_agency on agency_user (mandant_id, agency_id);

-- Recommenders an agency brought (through an invitation), and the employee who invited them.
alter table account add column agency_id uuid references agency(id);
alter table account add column agency_user_id uuid references agency_user(id) on delete set null;
create index account_agency on account (mandant_id, agency_id) where agency_id is not null;

-- A recommendation and an order inherit the agency of the recommender's account when they are written (the
-- triggers below), so the agency's reports read one indexed column instead of joining through accounts.
alter table recommendation add column agency_id uuid references agency(id);
alter table recommendation add column agency_user_id uuid references agency_user(id) on delete set null;
create index recommendation_agency on recommendation (mandant_id, agency_id, created_at, id)
  where agency_id is not null;

alter table customer_order add column agency_id uuid references agency(id);
-- An agency's order waits for the agency's release (PUT agentur/auftragfreigeben/{a}/{b}) besides the claim
-- period: pending until the agency decides; null for orders without an agency.
alter table customer_order add column agency_release text
  check (agency_release in ('pending', 'released', 'rejected'));
alter table customer_order add column agency_released_at timestamptz;
alter table customer_order add column agency_released_by uuid references agency_user(id) on delete set null;
create index customer_order_agency on customer_order (mandant_id, agency_id, created_at, id)
  where agency_id is not null;

create function recommendation_agency_from_account() returns trigger language plpgsql as $$
begin
  if new.agency_id is null and new.account_id is not null then
    select agency_id, agency_user_id into new.agency_id, new.agency_user_id
      from account where id = new.account_id;
  end if;
  return new;
end $$;
create trigger recommendation_agency before insert on recommendation
  for each row execute function recommendation_agency_from_account();

create function customer_order_agency_from_recommendation() returns trigger language plpgsql as $$
begin
  if new.agency_id is null then
    select agency_id into new.agency_id from recommendation where id = new.recommendation_id;
  end if;
  if new.agency_id is not null and new.agency_release is null then
    new.agency_release := 'pending';
  end if;
  return new;
end $$;
create trigger customer_order_agency before insert on customer_order
  for each row execute function customer_order_agency_from_recommendation();

-- An invitation (PUT Einladung): a customer invited on site or by phone by an employee. Its link completes
-- the registration as a recommender attributed to the agency and the employee. Only a SHA-256 of the link's
-- token is stored.
create table agency_invitation (
  id uuid primary key default gen_random_uuid(),
  mandant_id text not null references mandant(id),
  agency_id uuid not null references agency(id),
  agency_user_id uuid references agency_user(id) on delete set null,
  vorname text not null check (length(vorname) between 1 and 100),
  nachname text not null check (length(nachname) between 1 and 100),
  email text not null check (email = lower(email)),
  art text not null check (art in ('VorOrt', 'Telefonisch')),
  mitarbeiternummer text,
  token_hash text not null unique,
  status text not null default 'Versendet' check (status in ('Versendet', 'Registriert', 'Abgelaufen')),
  account_id uuid references account(id) on delete set null,
  expires_at timestamptz not null,
  registered_at timestamptz,
  created_at timestamptz not null default now()
);
create index agency_invitation_agency on agency_invitation (mandant_id, agency_id, created_at, id);
create index agency_invitation_email on agency_invitation (mandant_id, email);

-- The agency's reward plan: what an agency-attributed order of a product earns the agency (commission).
create table agency_reward_plan (
  id uuid primary key default gen_random_uuid(),
  mandant_id text not null references mandant(id),
  agency_id uuid not null references agency(id),
  produkt_id text not null,
  provision_cent integer not null check (provision_cent between 0 and 10000000),
  gueltig_ab date not null,
  gueltig_bis date,
  created_at timestamptz not null default now(),
  check (gueltig_bis is null or gueltig_bis >= gueltig_ab)
);
create index agency_reward_plan_agency on agency_reward_plan (mandant_id, agency_id, produkt_id);

-- Monthly invoices of the agency's commissions (§ 14 UStG): numbered without gaps per agency; the lines and
-- totals are fixed when the invoice is made, the PDF is rendered from them.
create table agency_invoice (
  id uuid primary key default gen_random_uuid(),
  mandant_id text not null references mandant(id),
  agency_id uuid not null references agency(id),
  rechnungsnummer integer not null check (rechnungsnummer > 0),
  -- The month billed (first day).
  monat date not null,
  rechnungsdatum date not null,
  netto_cent bigint not null check (netto_cent >= 0),
  ust_satz_promille integer not null check (ust_satz_promille between 0 and 1000),
  ust_cent bigint not null check (ust_cent >= 0),
  brutto_cent bigint not null check (brutto_cent >= 0),
  -- [{ Auftragsnummer, Produkt, Datum, ProvisionCent }] and the parties' data as they were that day.
  positionen jsonb not null,
  parteien jsonb not null,
  created_at timestamptz not null default now(),
  unique (mandant_id, agency_id, rechnungsnummer),
  unique (mandant_id, agency_id, monat)
);

-- Single-use links of agency staff (set the first password, reset a forgotten one) and of an agency's
-- registration (confirm the e-mail). Only a SHA-256 of the token is stored, like account_token.
create table agency_user_token (
  token_hash text primary key,
  mandant_id text not null references mandant(id),
  agency_user_id uuid not null references agency_user(id) on delete cascade,
  purpose text not null check (purpose in ('welcome', 'reset', 'confirm')),
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index agency_user_token_user on agency_user_token (mandant_id, agency_user_id);
create index agency_user_token_expires_at on agency_user_token (expires_at);

-- An agency that registered itself (SPEC 2 agency register, register additional data, confirm) waits for the
-- programme team: 'registered' (e-mail not yet confirmed), 'pending' (confirmed, data complete, to be
-- checked), 'active'. Only an active agency's staff get into the area.
alter table agency add column status text not null default 'active'
  check (status in ('registered', 'pending', 'active', 'rejected'));
