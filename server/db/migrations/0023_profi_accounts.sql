-- Issue 16, the seller's account: an account that is erased (DELETE empfehler/delete, the back office's
-- erasure on request) leaves its seller record behind without the account. Commissions and credit notes
-- refer to the seller and must be kept (self-billing credit notes are accounting records); without this the
-- erasure of a seller's account failed on the foreign key. A seller record without an account can no longer
-- sign in (app.authenticateProfi finds no account).
alter table profi_seller drop constraint profi_seller_account_id_fkey;
alter table profi_seller alter column account_id drop not null;
alter table profi_seller
  add constraint profi_seller_account_id_fkey foreign key (account_id) references account(id) on delete set null;
