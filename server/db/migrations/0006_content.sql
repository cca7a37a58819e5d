-- Content (issue 6): the last good copy of each piece of CMS content, and the contact form's messages.

-- One row per mandant, provider source and cache key (kind and language, e.g. 'entries:de'). The server
-- keeps copies in memory and writes each fresh one here, so that a restarted instance, or another instance
-- over the same database, still has the last good copy while the CMS is unreachable. `source` identifies
-- the provider configuration (a hash of provider, URL, app and environment): switching a mandant to another
-- CMS never serves the old one's copies. Embedded content is never stored here.
create table content_cache (
  mandant_id text not null references mandant(id),
  source text not null,
  cache_key text not null,
  payload jsonb not null,
  fetched_at timestamptz not null,
  primary key (mandant_id, source, cache_key)
);

-- Messages of the contact form (Kontakt). They hold personal data (name, e-mail, free text), so they are
-- kept only as long as the mandant's support needs them: delete_after is set on insert and a clean-up
-- removes older rows. mailed_at is set once the message went to the mandant's support address.
create table contact_message (
  id uuid primary key default gen_random_uuid(),
  mandant_id text not null references mandant(id),
  name text not null,
  email text not null,
  subject text not null,
  message text not null,
  language text not null check (language ~ '^[a-z]{2}$'),
  created_at timestamptz not null default now(),
  delete_after timestamptz not null,
  mailed_at timestamptz
);
create index contact_message_mandant_created on contact_message (mandant_id, created_at);
create index contact_message_delete_after on contact_message (delete_after);
