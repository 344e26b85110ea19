CREATE TABLE "account_balances" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"balance_cents" integer NOT NULL,
	"entries" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_statement_lines" (
	"entry_id" integer PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"transaction_id" integer NOT NULL,
	"transaction_type" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"amount_cents" integer NOT NULL,
	"balance_after_cents" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_balances" ADD CONSTRAINT "account_balances_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_statement_lines" ADD CONSTRAINT "account_statement_lines_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_statement_lines" ADD CONSTRAINT "account_statement_lines_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_statement_lines" ADD CONSTRAINT "account_statement_lines_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_statement_lines_order" ON "account_statement_lines" USING btree ("account_id","transaction_id","entry_id");--> statement-breakpoint
CREATE INDEX "account_statement_lines_type" ON "account_statement_lines" USING btree ("account_id","transaction_type","transaction_id");--> statement-breakpoint
CREATE INDEX "account_statement_lines_created" ON "account_statement_lines" USING btree ("account_id","created_at");