CREATE TABLE "job_pay_postings" (
	"id" serial PRIMARY KEY NOT NULL,
	"portal_id" integer NOT NULL,
	"job_id" integer NOT NULL,
	"ledger_transaction_id" integer NOT NULL,
	"is_reversal" boolean DEFAULT false NOT NULL,
	"reason" text NOT NULL,
	"created_by_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_pay_postings" ADD CONSTRAINT "job_pay_postings_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_pay_postings" ADD CONSTRAINT "job_pay_postings_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_pay_postings" ADD CONSTRAINT "job_pay_postings_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_pay_postings" ADD CONSTRAINT "job_pay_postings_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_pay_postings_ledger_transaction" ON "job_pay_postings" USING btree ("ledger_transaction_id");--> statement-breakpoint
CREATE INDEX "job_pay_postings_job" ON "job_pay_postings" USING btree ("job_id","id");