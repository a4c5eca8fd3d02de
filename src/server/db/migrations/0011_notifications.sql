-- Issue 52: telling people (DECISIONS.md E-mail and notifications). A creator's devices that take
-- push messages, their notification switches, when each friend was last reminded, and the bill
-- reminders' schedule: one row per bill, claimed with FOR UPDATE SKIP LOCKED by any process.
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_subscriptions_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"payment_emails" boolean DEFAULT false NOT NULL,
	"bill_reminders" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "participant_reminders" (
	"participant_id" uuid PRIMARY KEY NOT NULL,
	"bill_id" uuid NOT NULL,
	"reminded_at" timestamp with time zone NOT NULL,
	"times" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "participant_reminders" ADD CONSTRAINT "participant_reminders_participant_id_bill_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."bill_participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participant_reminders" ADD CONSTRAINT "participant_reminders_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "participant_reminders_bill_idx" ON "participant_reminders" USING btree ("bill_id");--> statement-breakpoint
CREATE TABLE "reminder_jobs" (
	"bill_id" uuid PRIMARY KEY NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'scheduled' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_jobs_state_check" CHECK ("reminder_jobs"."state" in ('scheduled', 'done')),
	CONSTRAINT "reminder_jobs_sent_check" CHECK ("reminder_jobs"."sent" between 0 and 3)
);
--> statement-breakpoint
ALTER TABLE "reminder_jobs" ADD CONSTRAINT "reminder_jobs_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reminder_jobs_due_idx" ON "reminder_jobs" USING btree ("run_at") WHERE "reminder_jobs"."state" = 'scheduled';
