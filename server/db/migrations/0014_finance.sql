CREATE TABLE "account_credit_limits" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"credit_limit_cents" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"portal_id" integer NOT NULL,
	"user_id" integer,
	"company_id" integer,
	"store_id" integer,
	"account_holder" text NOT NULL,
	"bank_name" text NOT NULL,
	"branch_code" text NOT NULL,
	"account_number" text NOT NULL,
	"bank_account_type" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "funds_allocations" (
	"id" serial PRIMARY KEY NOT NULL,
	"funds_received_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"ledger_transaction_id" integer NOT NULL,
	"created_by_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "funds_received" (
	"id" serial PRIMARY KEY NOT NULL,
	"portal_id" integer NOT NULL,
	"user_id" integer,
	"company_id" integer,
	"amount_cents" integer NOT NULL,
	"reference" text NOT NULL,
	"received_on" text NOT NULL,
	"created_by_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"operation" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"portal_id" integer NOT NULL,
	"kind" text NOT NULL,
	"account_id" integer NOT NULL,
	"bank_account_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text,
	"status" text DEFAULT 'requested' NOT NULL,
	"requested_by_user_id" integer NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by_user_id" integer,
	"decided_at" timestamp with time zone,
	"ledger_transaction_id" integer,
	"idempotency_key" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_credit_limits" ADD CONSTRAINT "account_credit_limits_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funds_allocations" ADD CONSTRAINT "funds_allocations_funds_received_id_funds_received_id_fk" FOREIGN KEY ("funds_received_id") REFERENCES "public"."funds_received"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funds_allocations" ADD CONSTRAINT "funds_allocations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funds_allocations" ADD CONSTRAINT "funds_allocations_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funds_allocations" ADD CONSTRAINT "funds_allocations_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funds_received" ADD CONSTRAINT "funds_received_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funds_received" ADD CONSTRAINT "funds_received_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funds_received" ADD CONSTRAINT "funds_received_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funds_received" ADD CONSTRAINT "funds_received_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_requests" ADD CONSTRAINT "payout_requests_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_requests" ADD CONSTRAINT "payout_requests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_requests" ADD CONSTRAINT "payout_requests_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_requests" ADD CONSTRAINT "payout_requests_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_requests" ADD CONSTRAINT "payout_requests_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_requests" ADD CONSTRAINT "payout_requests_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_accounts_portal" ON "bank_accounts" USING btree ("portal_id","id");--> statement-breakpoint
CREATE INDEX "bank_accounts_company" ON "bank_accounts" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "bank_accounts_user" ON "bank_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "funds_allocations_funds" ON "funds_allocations" USING btree ("funds_received_id");--> statement-breakpoint
CREATE UNIQUE INDEX "funds_allocations_ledger_transaction" ON "funds_allocations" USING btree ("ledger_transaction_id");--> statement-breakpoint
CREATE INDEX "funds_received_portal" ON "funds_received" USING btree ("portal_id","id");--> statement-breakpoint
CREATE INDEX "payout_requests_portal" ON "payout_requests" USING btree ("portal_id","kind","id");--> statement-breakpoint
CREATE INDEX "payout_requests_account" ON "payout_requests" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_requests_idempotency_key" ON "payout_requests" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_requests_ledger_transaction" ON "payout_requests" USING btree ("ledger_transaction_id");