-- Friends pick their own items (DECISIONS.md): one join link per bill, a secret per person who
-- joined (only its SHA-256 is kept), and picks (person, item, portions x 2; NULL portions is
-- "share with whoever else picks it"). Bill status 'picking' is a text value: no change needed.
CREATE TABLE "join_links" (
	"bill_id" uuid PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "join_links_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "join_links" ADD CONSTRAINT "join_links_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_participants" ADD COLUMN "secret_hash" text;--> statement-breakpoint
CREATE TABLE "picks" (
	"item_id" uuid NOT NULL,
	"participant_id" uuid NOT NULL,
	"bill_id" uuid NOT NULL,
	"portion_halves" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "picks_item_id_participant_id_pk" PRIMARY KEY("item_id","participant_id"),
	CONSTRAINT "picks_portions" CHECK ("picks"."portion_halves" IS NULL OR ("picks"."portion_halves" >= 1 AND "picks"."portion_halves" <= 20))
);
--> statement-breakpoint
ALTER TABLE "picks" ADD CONSTRAINT "picks_item_id_bill_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."bill_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picks" ADD CONSTRAINT "picks_participant_id_bill_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."bill_participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picks" ADD CONSTRAINT "picks_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "picks_bill_idx" ON "picks" USING btree ("bill_id");--> statement-breakpoint
CREATE INDEX "picks_participant_idx" ON "picks" USING btree ("participant_id");
