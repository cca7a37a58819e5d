-- Back office, orders and review (issue 15, server/backoffice/orders): the version an operator saw, so two
-- operators acting on one order at once cannot overwrite each other (one wins, the other gets 409 PSOF0705),
-- a reassigned order's rewards, and the indexes of the search and the review queue.

-- Counts every change of an order, whoever makes it (integration API, CSV, agency, back office): a trigger,
-- so no writer can forget it. The back office compares it under the row lock before it acts.
alter table customer_order add column version integer not null default 1;
create function customer_order_bump_version() returns trigger language plpgsql as $$
begin
  new.version := old.version + 1;
  return new;
end $$;
create trigger customer_order_version before update on customer_order
  for each row execute function customer_order_bump_version();

-- One live reward per order and beneficiary: a reassigned order keeps the old recommendation's cancelled
-- rewards (history) and gets new ones on the recommendation it now belongs to.
drop index praemierung_order_beneficiary;
create unique index praemierung_order_beneficiary on praemierung (order_id, beneficiary)
  where order_id is not null and status <> 'Storniert';

-- The search by e-mail (exact, lower-case like the columns) and the review queue.
create index recipient_email on recipient (mandant_id, email);
create index customer_order_review on customer_order (mandant_id, created_at, id) where review = 'pending';
