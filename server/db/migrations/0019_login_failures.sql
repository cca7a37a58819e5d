-- Failed logins remembered for the person who owns the address (issue 17, ADR 0024): after logging in the
-- recommender sees how many failed and when. No e-mail and no client address: subject_key is the keyed
-- hash of RateLimitKeys.forEmail (call, mandant and the normalised e-mail), the same for an address that is
-- no account's, so recording a failure tells nothing about whether the account exists. Kept 30 days.
create table login_failure (
  id bigint generated always as identity primary key,
  mandant_id text not null references mandant(id),
  subject_key text not null,
  failed_at timestamptz not null default now()
);
create index login_failure_subject on login_failure (mandant_id, subject_key, failed_at);
create index login_failure_failed_at on login_failure (failed_at);
