-- What Fairshare checks a provider's word against (decision 018): the connected account each
-- payment pays, what happened to each provider event, and an account's payouts and requirements.
ALTER TABLE "payments" ADD COLUMN "destination_account_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "charge_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "disputed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_items" ADD COLUMN "refunded_pence" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_events" ADD COLUMN "outcome" text DEFAULT 'processing' NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_events" ADD COLUMN "detail" text;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "payouts_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "requirements_due" jsonb DEFAULT '[]'::jsonb NOT NULL;
