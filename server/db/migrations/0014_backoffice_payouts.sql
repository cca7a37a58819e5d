-- Voucher pools in the back office (issue 15, server/backoffice/payouts): a pool is a voucher entry of the
-- mandant's reward catalogue (voucher_code.praemie_id). Finance may set a low-stock threshold per pool (none:
-- the mandant's programme.voucherLowStock); low_stock_alerted_at is set when the alert mail went to the
-- finance staff and cleared when the stock is back at or above the threshold, so one fall sends one mail.
create table voucher_pool_setting (
  mandant_id text not null references mandant(id),
  praemie_id text not null check (length(praemie_id) between 1 and 100),
  low_stock_threshold integer check (low_stock_threshold between 0 and 1000000),
  low_stock_alerted_at timestamptz,
  updated_at timestamptz not null default now(),
  primary key (mandant_id, praemie_id)
);

-- The back office lists a run's rewards (keyset by id within the run).
create index praemierung_in_run on praemierung (payout_run_id, id) where payout_run_id is not null;
