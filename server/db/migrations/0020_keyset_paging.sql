-- Keyset paging of the lists a user makes long (issue 17, server/reports/README.md "Cursor lists").
-- Each index serves one branch of a list read newest first as `(created_at, id) < cursor … limit n`:
-- the leading equality columns pin the owner, the rest is read in order, so page 1 and page 5,000 cost
-- the same. Partial where the list leaves rows out anyway (erased, the recipient's share).

-- The dashboard: the recommender's recommendations by account, and by e-mail before the account existed.
create index recommendation_account_created on recommendation (mandant_id, account_id, created_at, id)
  where erased_at is null;
create index recommendation_email_created on recommendation (mandant_id, empfehler_email, created_at, id)
  where account_id is null and erased_at is null;

-- The recommender's rewards (GET praemierung/): by account, and those earned before the recommender had
-- one (joined to the owner's recommendations).
create index praemierung_account_created on praemierung (mandant_id, account_id, created_at, id)
  where beneficiary = 'recommender';
create index praemierung_without_account on praemierung (mandant_id, recommendation_id)
  where account_id is null and beneficiary = 'recommender';

-- The back office's order list (PUT backoffice/auftraege/): the mandant's live recommendations in order,
-- for its pages and for the narrow skip to a far page; and its count reads only this index.
create index recommendation_live_created on recommendation (mandant_id, created_at, id)
  where erased_at is null;
