-- Paying by bank (DECISIONS.md Paying by bank): when the payer finished at the provider and the
-- bank's answer is awaited ("Waiting for your bank"), the bank they chose, and the sandbox bank
-- page's own answer with the time it is given (a short wait, as a real bank takes).
ALTER TABLE "payments" ADD COLUMN "processing_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "bank_name" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "sandbox_answer" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "sandbox_answer_at" timestamp with time zone;
