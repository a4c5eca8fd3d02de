-- Issue 25: a bill keeps the scan it was read from (DECISIONS.md Receipt photos). A receipt_id that
-- names no scan is cleared first, then the link is a foreign key (a scan a bill uses can never be
-- deleted under it), and the unused-scan cleanup finds old scans and their bills by index.
UPDATE "bills" SET "receipt_id" = NULL WHERE "receipt_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "receipts" WHERE "receipts"."id" = "bills"."receipt_id");--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_receipt_id_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."receipts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bills_receipt_idx" ON "bills" USING btree ("receipt_id");--> statement-breakpoint
CREATE INDEX "receipts_created_idx" ON "receipts" USING btree ("created_at");
