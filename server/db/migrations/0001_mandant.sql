-- One row per mandant folder, upserted by the loader at every start. Every later table that holds
-- mandant-owned rows references mandant(id), so no row can belong to a mandant the server never loaded.
create table mandant (
  id text primary key,
  config_hash text not null,
  loaded_at timestamptz not null default now()
);
