CREATE TABLE "activity_seen" (
	"user_id" text PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bill_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bill_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"split_mode" text DEFAULT 'manual' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bill_participants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bill_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"is_creator" boolean DEFAULT false NOT NULL,
	"amount_due_pence" integer NOT NULL,
	"fee_pence" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"bill_date" date NOT NULL,
	"status" text NOT NULL,
	"mode" text NOT NULL,
	"tip_basis_points" integer,
	"subtotal_pence" integer NOT NULL,
	"service_charge_pence" integer NOT NULL,
	"tip_pence" integer NOT NULL,
	"tax_pence" integer DEFAULT 0 NOT NULL,
	"total_pence" integer NOT NULL,
	"fee_pence" integer NOT NULL,
	"receipt_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bills_service_charge_non_negative" CHECK ("bills"."service_charge_pence" >= 0),
	CONSTRAINT "bills_tip_non_negative" CHECK ("bills"."tip_pence" >= 0)
);
--> statement-breakpoint
CREATE TABLE "item_assignments" (
	"item_id" uuid NOT NULL,
	"participant_id" uuid NOT NULL,
	"portion_halves" integer NOT NULL,
	CONSTRAINT "item_assignments_item_id_participant_id_pk" PRIMARY KEY("item_id","participant_id"),
	CONSTRAINT "item_assignments_positive" CHECK ("item_assignments"."portion_halves" > 0)
);
--> statement-breakpoint
ALTER TABLE "activity_seen" ADD CONSTRAINT "activity_seen_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_items" ADD CONSTRAINT "bill_items_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_participants" ADD CONSTRAINT "bill_participants_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_assignments" ADD CONSTRAINT "item_assignments_item_id_bill_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."bill_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_assignments" ADD CONSTRAINT "item_assignments_participant_id_bill_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."bill_participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_items_bill_idx" ON "bill_items" USING btree ("bill_id","position");--> statement-breakpoint
CREATE INDEX "bill_participants_bill_idx" ON "bill_participants" USING btree ("bill_id","position");--> statement-breakpoint
CREATE INDEX "bills_owner_created_idx" ON "bills" USING btree ("owner_id","created_at","id");--> statement-breakpoint
CREATE INDEX "item_assignments_participant_idx" ON "item_assignments" USING btree ("participant_id");