-- The recipient journey (issue 4): what 0003 leaves open for the click redirect and the recipient calls.

-- The channel the recipient came by (POST /empfaenger/create/{nr}?channel=), for the client's reports.
alter table recipient add column channel text;

-- A replayed create (same recommendation, same e-mail) must find the recipient it made before, also when
-- two requests race: the database, not a read-then-insert, decides. Erased rows (email null) do not count.
create unique index recipient_recommendation_email on recipient (recommendation_id, email)
  where email is not null;

-- The tracking completion of SPEC section 3 (POST tracking/abschliessen/): the recipient's data for the
-- order, one row per recipient (a repeated call replaces it). Personal data: deleted with the recipient's
-- data when it is erased unconfirmed after 12 weeks.
create table tracking_completion (
  recipient_id uuid primary key references recipient(id) on delete cascade,
  mandant_id text not null references mandant(id),
  recommendation_id uuid not null references recommendation(id) on delete cascade,
  channel text,
  einsprungsquelle text,
  anrede text,
  vorname text not null,
  name text not null,
  -- Parsed from day.month.year (SPEC section 5).
  geburtsdatum date,
  email text check (email = lower(email)),
  telefon text,
  werbeeinwilligung boolean not null default false,
  ort text,
  plz text,
  strasse text,
  hausnummer text,
  completed_at timestamptz not null default now()
);
create index tracking_completion_recommendation on tracking_completion (mandant_id, recommendation_id);

-- GET /empfaenger/{hex} finds a recommendation by its link hex alone.
create index recommendation_link_hex on recommendation (mandant_id, link_hex);
