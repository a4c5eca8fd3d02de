CREATE TABLE "share_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bill_id" uuid NOT NULL,
	"participant_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"item_id" uuid,
	"name" text NOT NULL,
	"portion_halves" integer,
	"amount_pence" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_items" (
	"payment_id" uuid NOT NULL,
	"link_id" uuid NOT NULL,
	"amount_pence" integer NOT NULL,
	"fee_pence" integer NOT NULL,
	"outcome" text,
	CONSTRAINT "payment_items_payment_id_link_id_pk" PRIMARY KEY("payment_id","link_id")
);
--> statement-breakpoint
CREATE TABLE "payment_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token" text NOT NULL,
	"bill_id" uuid NOT NULL,
	"participant_id" uuid NOT NULL,
	"amount_pence" integer NOT NULL,
	"fee_pence" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_id" uuid,
	"paid_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_links_token_unique" UNIQUE("token"),
	CONSTRAINT "payment_links_participant_id_unique" UNIQUE("participant_id"),
	CONSTRAINT "payment_links_amount_non_negative" CHECK ("payment_links"."amount_pence" >= 0 and "payment_links"."fee_pence" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bill_id" uuid NOT NULL,
	"payer_link_id" uuid,
	"provider" text NOT NULL,
	"method" text NOT NULL,
	"kind" text NOT NULL,
	"checkout_session_id" text,
	"payment_intent_id" text,
	"client_secret" text,
	"amount_pence" integer NOT NULL,
	"fee_pence" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"refund_due_pence" integer DEFAULT 0 NOT NULL,
	"refunded_pence" integer DEFAULT 0 NOT NULL,
	"refund_id" text,
	"card_brand" text,
	"card_last4" text,
	"return_url" text,
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"account_id" text NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"charges_enabled" boolean DEFAULT false NOT NULL,
	"bank_name" text,
	"bank_last4" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_accounts_account_id_unique" UNIQUE("account_id")
);
--> statement-breakpoint
CREATE TABLE "provider_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
-- Bills saved before this migration have no stored lines: false marks them for the backfill that
-- runs at start (bills/share-backfill.ts); every bill saved from now on stores its lines at once.
ALTER TABLE "bills" ADD COLUMN "shares_stored" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bills" ALTER COLUMN "shares_stored" SET DEFAULT true;--> statement-breakpoint
ALTER TABLE "share_lines" ADD CONSTRAINT "share_lines_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_lines" ADD CONSTRAINT "share_lines_participant_id_bill_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."bill_participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_lines" ADD CONSTRAINT "share_lines_item_id_bill_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."bill_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_items" ADD CONSTRAINT "payment_items_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_items" ADD CONSTRAINT "payment_items_link_id_payment_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."payment_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_participant_id_bill_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."bill_participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payer_link_id_payment_links_id_fk" FOREIGN KEY ("payer_link_id") REFERENCES "public"."payment_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "share_lines_participant_idx" ON "share_lines" USING btree ("participant_id","position");--> statement-breakpoint
CREATE INDEX "share_lines_bill_idx" ON "share_lines" USING btree ("bill_id");--> statement-breakpoint
CREATE INDEX "payment_items_link_idx" ON "payment_items" USING btree ("link_id");--> statement-breakpoint
CREATE INDEX "payment_links_bill_idx" ON "payment_links" USING btree ("bill_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_checkout_session_idx" ON "payments" USING btree ("provider","checkout_session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_payment_intent_idx" ON "payments" USING btree ("provider","payment_intent_id");--> statement-breakpoint
CREATE INDEX "payments_bill_idx" ON "payments" USING btree ("bill_id");--> statement-breakpoint
CREATE INDEX "payments_completed_idx" ON "payments" USING btree ("completed_at");