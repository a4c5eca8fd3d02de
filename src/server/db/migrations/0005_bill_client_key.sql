ALTER TABLE "bills" ADD COLUMN "client_key" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "bills_owner_client_key_idx" ON "bills" USING btree ("owner_id","client_key");