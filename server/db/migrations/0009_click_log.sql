-- The click table is the click redirect's append-only log (ADR 0013). Its two foreign keys cost two thirds
-- of every batched insert (a row-by-row referential check per click) and guarded nothing that happens:
-- the click buffer writes rows only for a recommendation the redirect has just looked up, and
-- recommendations are never deleted (erasure pseudonymises them). The index for the per-recommendation
-- counts stays.
alter table click drop constraint click_mandant_id_fkey;
alter table click drop constraint click_recommendation_id_fkey;
