-- Settings without a deploy (issue 15): the back office overrides three settings of a mandant's JSON —
-- the reward catalogue (praemien), the campaigns (aktionen) and the channel ranks (Module* of mandant.json).
-- The files in mandants/ stay the default; a live override replaces the file's value as a whole.

-- One override document per mandant, kind and version. A draft waits; at most one version per kind is
-- live; a live version that another replaced (or that was taken back to the file) is retired.
create table backoffice_setting (
  id uuid primary key default gen_random_uuid(),
  mandant_id text not null references mandant(id),
  kind text not null check (kind in ('praemien', 'aktionen', 'channelRanks')),
  version integer not null check (version > 0),
  document jsonb not null,
  status text not null default 'draft' check (status in ('draft', 'live', 'retired')),
  note text not null default '' check (length(note) <= 500),
  -- The version a rollback copied (null for a draft written by hand).
  copied_from integer,
  author_id uuid,
  author_email text not null,
  created_at timestamptz not null default now(),
  published_at timestamptz,
  retired_at timestamptz,
  unique (mandant_id, kind, version)
);
create unique index backoffice_setting_one_live on backoffice_setting (mandant_id, kind) where status = 'live';

-- Counts every change of what is live per mandant. Every instance polls this small table and reloads a
-- mandant whose revision moved; every write locks the mandant's row first, so versions are numbered and
-- published one at a time.
create table backoffice_setting_revision (
  mandant_id text primary key references mandant(id),
  revision bigint not null default 0
);
