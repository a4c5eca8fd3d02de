-- Issue 22: money in 64-bit integers (one rewrite per table), no negative bill or share totals for
-- new rows (NOT VALID: rows stored before are kept as they are), and the tables that let several
-- processes share rate limits and scan places.
CREATE TABLE "rate_limits" (
	"key" varchar(255) PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" bigint
);
--> statement-breakpoint
CREATE TABLE "scan_places" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bill_items" ALTER COLUMN "amount_pence" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "bill_participants"
	ALTER COLUMN "amount_due_pence" SET DATA TYPE bigint,
	ALTER COLUMN "fee_pence" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "bills"
	ALTER COLUMN "subtotal_pence" SET DATA TYPE bigint,
	ALTER COLUMN "service_charge_pence" SET DATA TYPE bigint,
	ALTER COLUMN "tip_pence" SET DATA TYPE bigint,
	ALTER COLUMN "tax_pence" SET DATA TYPE bigint,
	ALTER COLUMN "total_pence" SET DATA TYPE bigint,
	ALTER COLUMN "fee_pence" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "share_lines" ALTER COLUMN "amount_pence" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payment_items"
	ALTER COLUMN "amount_pence" SET DATA TYPE bigint,
	ALTER COLUMN "fee_pence" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payment_links"
	ALTER COLUMN "amount_pence" SET DATA TYPE bigint,
	ALTER COLUMN "fee_pence" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payments"
	ALTER COLUMN "amount_pence" SET DATA TYPE bigint,
	ALTER COLUMN "fee_pence" SET DATA TYPE bigint,
	ALTER COLUMN "refund_due_pence" SET DATA TYPE bigint,
	ALTER COLUMN "refunded_pence" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "scan_places" ADD CONSTRAINT "scan_places_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scan_places_owner_idx" ON "scan_places" USING btree ("owner_id");--> statement-breakpoint
ALTER TABLE "bill_participants" ADD CONSTRAINT "bill_participants_amount_non_negative" CHECK ("bill_participants"."amount_due_pence" >= 0 and "bill_participants"."fee_pence" >= 0) NOT VALID;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_total_non_negative" CHECK ("bills"."total_pence" >= 0) NOT VALID;
