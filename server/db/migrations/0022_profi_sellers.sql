-- The profi-seller area (issue 16, SPEC 2): professional sellers are accounts of the mandant with a seller
-- record; the orders that come through their recommendations earn a commission (Provision) per order instead
-- of a reward, billed by monthly self-billing credit notes (Gutschriften, § 14 Abs. 2 Satz 2 UStG) and paid
-- through the payout runs.

-- A profi-seller: an account of the mandant (the existing login machinery) with the seller's business data.
create table profi_seller (
  id uuid primary key default gen_random_uuid(),
  mandant_id text not null references mandant(id),
  account_id uuid not null references account(id),
  -- The seller's public number (shown on credit notes and in the back office), e.g. P-100001.
  profinummer text not null check (profinummer ~ '^P-[0-9]{6,10}$'),
  -- A natural person or a company (then firma is set).
  art text not null check (art in ('person', 'firma')),
  firma text not null default '' check (length(firma) <= 200),
  strasse text not null check (length(strasse) between 1 and 200),
  plz text not null check (length(plz) between 3 and 10),
  ort text not null check (length(ort) between 1 and 100),
  telefon text not null default '' check (length(telefon) <= 30),
  -- Small business under § 19 UStG (no VAT shown) or with VAT (19 % on the net).
  steuerstatus text not null check (steuerstatus in ('kleinunternehmer', 'regelbesteuert')),
  steuernummer text not null default '' check (length(steuernummer) <= 20),
  ust_id text not null default '' check (length(ust_id) <= 20),
  -- The bank account for commissions, encrypted at rest (server/crypto, like every IBAN).
  iban_encrypted text,
  iban_fingerprint text,
  kontoinhaber text check (length(kontoinhaber) <= 70),
  -- The seller agreement (version of the mandant's terms) and when it was accepted; null = not signed.
  vereinbarung_version text,
  vereinbarung_at timestamptz,
  status text not null default 'active' check (status in ('active', 'blocked')),
  created_at timestamptz not null default now(),
  unique (mandant_id, account_id),
  unique (mandant_id, profinummer)
);

-- Numbers of profi-seller credit notes: one gapless sequence per mandant (the mandant issues them),
-- incremented in the credit note's transaction with update … returning, so a refused attempt takes none.
create table profi_credit_note_counter (
  mandant_id text primary key references mandant(id),
  last_number integer not null default 0 check (last_number >= 0)
);

-- A recommendation and an order inherit the seller of the recommender's account when they are written
-- (the triggers below), like the agency's attribution (migration 0011).
alter table recommendation add column profi_seller_id uuid references profi_seller(id);
alter table customer_order add column profi_seller_id uuid references profi_seller(id);
create index customer_order_profi_seller on customer_order (mandant_id, profi_seller_id, created_at, id)
  where profi_seller_id is not null;

create function recommendation_profi_seller_from_account() returns trigger language plpgsql as $$
begin
  if new.profi_seller_id is null and new.account_id is not null then
    select id into new.profi_seller_id from profi_seller
      where account_id = new.account_id and mandant_id = new.mandant_id;
  end if;
  return new;
end $$;
create trigger recommendation_profi_seller before insert on recommendation
  for each row execute function recommendation_profi_seller_from_account();

create function customer_order_profi_seller_from_recommendation() returns trigger language plpgsql as $$
begin
  if new.profi_seller_id is null then
    select profi_seller_id into new.profi_seller_id from recommendation where id = new.recommendation_id;
  end if;
  return new;
end $$;
create trigger customer_order_profi_seller before insert on customer_order
  for each row execute function customer_order_profi_seller_from_recommendation();

-- A monthly self-billing credit note of the mandant to a seller. Lines, totals, tax status and both parties
-- are fixed in the row: a later change of master data does not change an issued note.
create table profi_credit_note (
  id uuid primary key default gen_random_uuid(),
  mandant_id text not null references mandant(id),
  profi_seller_id uuid not null references profi_seller(id),
  nummer integer not null check (nummer > 0),
  -- The month billed (first day) and the issue date.
  monat date not null,
  rechnungsdatum date not null,
  steuerstatus text not null check (steuerstatus in ('kleinunternehmer', 'regelbesteuert')),
  netto_cent bigint not null,
  ust_satz_promille integer not null check (ust_satz_promille between 0 and 1000),
  ust_cent bigint not null,
  brutto_cent bigint not null,
  positionen jsonb not null,
  parteien jsonb not null,
  -- Paid through a payout run (one transfer of brutto_cent to the seller's IBAN).
  payout_run_id uuid references payout_run(id),
  paid_at timestamptz,
  created_at timestamptz not null default now(),
  unique (mandant_id, nummer),
  unique (mandant_id, profi_seller_id, monat)
);
create index profi_credit_note_seller on profi_credit_note (mandant_id, profi_seller_id, monat desc);
create index profi_credit_note_unpaid on profi_credit_note (mandant_id) where payout_run_id is null;

-- One commission per order of a seller: the product's Provision (basis) plus campaign extras, following the
-- order's lifecycle: pending → approved (order released) → paid (its credit note paid), or cancelled.
create table profi_commission (
  id uuid primary key default gen_random_uuid(),
  mandant_id text not null references mandant(id),
  profi_seller_id uuid not null references profi_seller(id),
  order_id uuid not null unique references customer_order(id),
  produkt_id text not null,
  basis_cent integer not null check (basis_cent >= 0),
  extra_cent integer not null default 0 check (extra_cent >= 0),
  -- Which campaign extras were added (ids), for the plain explanation.
  extras jsonb not null default '[]'::jsonb,
  status text not null default 'pending' check (status in ('pending', 'approved', 'paid', 'cancelled')),
  approved_at timestamptz,
  cancelled_at timestamptz,
  paid_at timestamptz,
  credit_note_id uuid references profi_credit_note(id),
  created_at timestamptz not null default now()
);
create index profi_commission_seller on profi_commission (mandant_id, profi_seller_id, created_at, id);
create index profi_commission_unbilled on profi_commission (mandant_id, profi_seller_id, approved_at)
  where status = 'approved' and credit_note_id is null;
