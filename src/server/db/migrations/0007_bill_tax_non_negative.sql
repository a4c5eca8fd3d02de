-- A tax added on top of a bill's prices (decision 016) is never negative: the API refuses one
-- (contracts/bills.ts), and now the database does too. Checked for new rows only (NOT VALID, as
-- 0004's checks): rows stored before are kept as they are.
ALTER TABLE "bills" ADD CONSTRAINT "bills_tax_non_negative" CHECK ("bills"."tax_pence" >= 0) NOT VALID;
