-- Programme figures (issue 15, ADR 0021): a daily rollup per mandant × Berlin day × channel × product ×
-- campaign, kept by the job `rollUpFigures` (server/backoffice/figures/figuresRollup.ts). Days before a
-- mandant's watermark come from the rollup; the days from the watermark on (today, and yesterday for the
-- first minutes after midnight) are read from the raw rows at query time.

create table figures_daily (
  mandant_id text not null references mandant(id),
  day date not null,
  -- '' where the fact has none (no channel, no campaign).
  channel text not null,
  produkt_id text not null,
  campaign text not null,
  recommendations integer not null default 0,
  clicks bigint not null default 0,
  recipients_confirmed integer not null default 0,
  orders integer not null default 0,
  rewards_released integer not null default 0,
  rewards_released_cent bigint not null default 0,
  rewards_paid integer not null default 0,
  rewards_paid_cent bigint not null default 0,
  primary key (mandant_id, day, channel, produkt_id, campaign)
);

-- rolled_until: the first Berlin day NOT complete in figures_daily; every earlier day is complete there.
-- clicks_until: the days from rolled_until on hold only their clicks before this moment (the day that is
-- still going has the most rows by far: clicks); the rest of those days is read raw.
create table figures_rollup_state (
  mandant_id text primary key references mandant(id),
  rolled_until date not null,
  clicks_until timestamptz,
  refreshed_at timestamptz not null default now()
);

-- Days whose raw rows changed after they may have been rolled up (a backdated order, a cancellation, a
-- confirmation, a late lifecycle event). Written by the statement triggers below, taken by the refresh.
-- Deliberately no unique key: each writing statement adds its own mark. Were marks merged (on conflict do
-- nothing), a writer could find the mark of an earlier change that a running refresh is about to take,
-- add none of its own, and commit after the refresh had read the day: its change would be lost. Own marks
-- that are not yet committed are invisible to the refresh's delete and survive it.
create table figures_dirty_day (
  mandant_id text not null,
  day date not null
);
create index figures_dirty_day_mandant on figures_dirty_day (mandant_id, day);

-- What the raw reads of a day range need. Clicks are appended in time order, so a BRIN index (a few pages,
-- next to nothing per insert on the click path; ranges summarised as they fill) finds a day's clicks; the
-- others get B-trees (recommendations by mandant and time also serve the back office's newest-first lists).
create index click_clicked_at_brin on click using brin (clicked_at)
  with (pages_per_range = 32, autosummarize = on);
create index recommendation_mandant_created on recommendation (mandant_id, created_at, id);
create index recipient_confirmed on recipient (mandant_id, confirmed_at) where confirmed_at is not null;
create index customer_order_order_date on customer_order (mandant_id, order_date);
create index lifecycle_event_reward_occurred on lifecycle_event (mandant_id, occurred_at)
  where praemierung_id is not null;

-- Berlin day of an instant.
create function figures_day(moment timestamptz) returns date language sql stable as $$
  select (moment at time zone 'Europe/Berlin')::date
$$;

create function figures_mark_recommendation() returns trigger language plpgsql as $$
begin
  insert into figures_dirty_day (mandant_id, day)
    select distinct mandant_id, figures_day(created_at) from new_rows;
  return null;
end $$;
create trigger figures_recommendation_insert after insert on recommendation
  referencing new table as new_rows for each statement execute function figures_mark_recommendation();

create function figures_mark_recipient() returns trigger language plpgsql as $$
begin
  insert into figures_dirty_day (mandant_id, day)
    select distinct mandant_id, figures_day(confirmed_at) from new_rows where confirmed_at is not null;
  return null;
end $$;
create function figures_mark_recipient_update() returns trigger language plpgsql as $$
begin
  insert into figures_dirty_day (mandant_id, day)
    select distinct n.mandant_id, figures_day(d) from new_rows n join old_rows o on o.id = n.id,
      lateral (values (n.confirmed_at), (o.confirmed_at)) as v(d)
    where n.confirmed_at is distinct from o.confirmed_at and d is not null;
  return null;
end $$;
create trigger figures_recipient_insert after insert on recipient
  referencing new table as new_rows for each statement execute function figures_mark_recipient();
create trigger figures_recipient_update after update on recipient
  referencing old table as old_rows new table as new_rows
  for each statement execute function figures_mark_recipient_update();

create function figures_mark_order() returns trigger language plpgsql as $$
begin
  insert into figures_dirty_day (mandant_id, day)
    select distinct mandant_id, order_date from new_rows;
  return null;
end $$;
create function figures_mark_order_update() returns trigger language plpgsql as $$
begin
  insert into figures_dirty_day (mandant_id, day)
    select distinct n.mandant_id, d from new_rows n join old_rows o on o.id = n.id,
      lateral (values (n.order_date), (o.order_date)) as v(d)
    where (n.order_date, n.cancelled_at is null, n.produkt_id, n.recipient_id, n.recommendation_id)
      is distinct from (o.order_date, o.cancelled_at is null, o.produkt_id, o.recipient_id, o.recommendation_id);
  return null;
end $$;
create trigger figures_order_insert after insert on customer_order
  referencing new table as new_rows for each statement execute function figures_mark_order();
create trigger figures_order_update after update on customer_order
  referencing old table as old_rows new table as new_rows
  for each statement execute function figures_mark_order_update();

create function figures_mark_lifecycle() returns trigger language plpgsql as $$
begin
  insert into figures_dirty_day (mandant_id, day)
    select distinct mandant_id, figures_day(occurred_at) from new_rows where praemierung_id is not null;
  return null;
end $$;
create trigger figures_lifecycle_insert after insert on lifecycle_event
  referencing new table as new_rows for each statement execute function figures_mark_lifecycle();

-- Clicks are appended as they happen: only a click of an earlier day (a batch retried across midnight, a
-- seed) marks its day; the usual batch of today's clicks marks nothing.
create function figures_mark_click() returns trigger language plpgsql as $$
begin
  insert into figures_dirty_day (mandant_id, day)
    select distinct mandant_id, figures_day(clicked_at) from new_rows
    where figures_day(clicked_at) < figures_day(now());
  return null;
end $$;
create trigger figures_click_insert after insert on click
  referencing new table as new_rows for each statement execute function figures_mark_click();
