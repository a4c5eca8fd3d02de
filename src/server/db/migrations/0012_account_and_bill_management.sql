-- Bills a user can manage, and accounts a user can delete (DECISIONS.md Managing saved bills).

-- A bill with a payment cannot be deleted; archived, it leaves home and history but stays in the
-- data export.
ALTER TABLE "bills" ADD COLUMN "archived_at" timestamp with time zone;
--> statement-breakpoint
-- The tokens of links whose bill was deleted before anyone paid: their pages say the bill is no
-- longer available rather than that the link never was. Gone with the owner's account.
CREATE TABLE "cancelled_payment_links" (
	"token" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
	"cancelled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "cancelled_payment_links_owner_idx" ON "cancelled_payment_links" ("owner_id");
--> statement-breakpoint
-- A payment's record kept after its account was deleted: what the law asks of a payment record
-- (when, how much, how, the provider's reference), with no name, e-mail or bill in it.
CREATE TABLE "retained_payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"method" text NOT NULL,
	"kind" text NOT NULL,
	"checkout_session_id" text,
	"payment_intent_id" text,
	"amount_pence" bigint NOT NULL,
	"fee_pence" bigint NOT NULL,
	"refunded_pence" bigint NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"account_deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
