-- Two foreign keys had no index, so the database scanned the whole table on every change that
-- reaches them: an item deleted (a bill edited or deleted) cascades to its share lines, and a
-- payment link deleted sets its payments' payer_link_id to null.
CREATE INDEX IF NOT EXISTS "share_lines_item_idx" ON "share_lines" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payments_payer_link_idx" ON "payments" USING btree ("payer_link_id");
