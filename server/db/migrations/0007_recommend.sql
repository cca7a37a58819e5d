-- Recommend and share (issue 4): single-use captchas, the link type the recommender shares, company
-- recommendations and the recommender's e-mail confirmation (double opt-in) where a mandant asks for it.

-- ALTCHA challenges that were solved once (server/captcha): a payload is accepted only the first time, so a
-- solved captcha cannot be replayed for a second request. Rows are useless after the challenge expires and
-- are purged then.
create table captcha_used (
  mandant_id text not null references mandant(id),
  -- The challenge's HMAC signature (hex): unique per challenge, reveals nothing about the solver.
  signature text not null,
  expires_at timestamptz not null,
  primary key (mandant_id, signature)
);
create index captcha_used_expires_at on captcha_used (expires_at);

-- Which link the recommender shares (PUT /empfehlung/{nr}, SPEC section 3: link types KurzURL and Empfehlungslink).
alter table recommendation add column link_type text not null default 'Empfehlungslink'
  check (link_type in ('KurzURL', 'Empfehlungslink'));

-- Company recommendation (ModuleCompanyRecommendation, RecommendEmployee): the company that recommends.
alter table recommendation add column empfehler_firma text;

-- Recommender double opt-in (RecommenderOptIn): an anonymous recommender confirms the e-mail address
-- before the recommendation can be shared. While optin_token_hash is set and optin_confirmed_at is null the
-- recommendation is pending. Only a SHA-256 of the link's token is stored.
alter table recommendation add column optin_token_hash text;
alter table recommendation add column optin_sent_at timestamptz;
alter table recommendation add column optin_confirmed_at timestamptz;
create unique index recommendation_optin_token on recommendation (optin_token_hash)
  where optin_token_hash is not null;
