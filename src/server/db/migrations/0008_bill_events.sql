-- A bill's event log (decision 017): one row per change to a bill's money, picks or state, numbered
-- per bill by bill_event_counters (taken under its row lock, so numbers commit in order).
CREATE TABLE "bill_events" (
	"bill_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bill_events_bill_id_seq_pk" PRIMARY KEY("bill_id","seq")
);
--> statement-breakpoint
CREATE TABLE "bill_event_counters" (
	"bill_id" uuid PRIMARY KEY NOT NULL,
	"last_seq" integer NOT NULL
);
