CREATE TABLE "accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"portal_id" integer NOT NULL,
	"account_name" text NOT NULL,
	"account_type" text NOT NULL,
	"system_code" text,
	"user_id" integer,
	"company_id" integer,
	"store_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_types" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"portal_id" integer NOT NULL,
	"placed_by_user_id" integer NOT NULL,
	"company_id" integer,
	"store_id" integer,
	"waybill" text,
	"tracking_hash" text,
	"logistic_status_id" integer DEFAULT 0 NOT NULL,
	"payment_status_id" integer DEFAULT 0 NOT NULL,
	"origin_address" jsonb NOT NULL,
	"destination_address" jsonb NOT NULL,
	"origin_store_id" integer,
	"destination_store_id" integer,
	"origin_contact" jsonb,
	"destination_contact" jsonb,
	"ready_for_collection_date" text NOT NULL,
	"ready_for_collection_time_slot_local" text,
	"deliver_by_date" text,
	"is_round_trip" boolean DEFAULT false NOT NULL,
	"is_high_risk" boolean DEFAULT false NOT NULL,
	"distance_km" double precision NOT NULL,
	"selected_quote_id" integer,
	"account_id" integer,
	"order_reference" text,
	"customer_identifier" text,
	"tip_cents" integer DEFAULT 0 NOT NULL,
	"checkout_id" text,
	"payment_failure_description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"delivery_id" integer NOT NULL,
	"name" text NOT NULL,
	"parcel_type_id" integer,
	"delivery_item_name" text,
	"length" double precision NOT NULL,
	"width" double precision NOT NULL,
	"height" double precision NOT NULL,
	"weight" double precision NOT NULL,
	"description" text,
	"is_fragile" boolean DEFAULT false NOT NULL,
	"bar_code" text
);
--> statement-breakpoint
CREATE TABLE "delivery_quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"delivery_id" integer NOT NULL,
	"sla_type" text NOT NULL,
	"pricing_tier" text NOT NULL,
	"price_excl_cents" integer NOT NULL,
	"vat_rate_basis_points" integer NOT NULL,
	"items" jsonb NOT NULL,
	"pickup_window_start" timestamp with time zone NOT NULL,
	"pickup_window_end" timestamp with time zone NOT NULL,
	"drop_off_window_start" timestamp with time zone NOT NULL,
	"drop_off_window_end" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"superseded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "delivery_windows" (
	"id" serial PRIMARY KEY NOT NULL,
	"portal_id" integer NOT NULL,
	"company_id" integer,
	"store_id" integer,
	"weekday" integer NOT NULL,
	"start_local" text NOT NULL,
	"end_local" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "high_risk_areas" (
	"id" serial PRIMARY KEY NOT NULL,
	"portal_id" integer NOT NULL,
	"name" text NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"radius_km" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"transaction_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"amount_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"portal_id" integer NOT NULL,
	"transaction_type" text NOT NULL,
	"description" text NOT NULL,
	"delivery_id" integer,
	"payment_id" integer,
	"reversal_of_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parcel_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"length_cm" integer NOT NULL,
	"width_cm" integer NOT NULL,
	"height_cm" integer NOT NULL,
	"weight_kg" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"registration_id" text NOT NULL,
	"payment_brand" text NOT NULL,
	"payment_type" text NOT NULL,
	"holder" text NOT NULL,
	"last_four_digits" text NOT NULL,
	"expiry_month" integer NOT NULL,
	"expiry_year" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"portal_id" integer NOT NULL,
	"delivery_id" integer NOT NULL,
	"account_id" integer,
	"user_id" integer NOT NULL,
	"method" text NOT NULL,
	"operation" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"merchant_transaction_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"credit_applied_cents" integer DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"checkout_id" text,
	"provider_payment_id" text,
	"result_code" text,
	"result_description" text,
	"save_card" boolean DEFAULT false NOT NULL,
	"payment_card_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"portal_id" integer NOT NULL,
	"company_id" integer,
	"sla_type" text NOT NULL,
	"parcel_type_id" integer NOT NULL,
	"rate_type" text NOT NULL,
	"day_of_week_type" text NOT NULL,
	"pricing_tier" text DEFAULT 'Standard' NOT NULL,
	"start_km_range" integer NOT NULL,
	"end_km_range" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"is_return_to_sender_rate" boolean DEFAULT false NOT NULL,
	"is_high_risk" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "company_type" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "registration_number" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "vat_number" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_placed_by_user_id_users_id_fk" FOREIGN KEY ("placed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_origin_store_id_stores_id_fk" FOREIGN KEY ("origin_store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_destination_store_id_stores_id_fk" FOREIGN KEY ("destination_store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_items" ADD CONSTRAINT "delivery_items_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_quotes" ADD CONSTRAINT "delivery_quotes_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_windows" ADD CONSTRAINT "delivery_windows_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_windows" ADD CONSTRAINT "delivery_windows_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_windows" ADD CONSTRAINT "delivery_windows_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "high_risk_areas" ADD CONSTRAINT "high_risk_areas_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_cards" ADD CONSTRAINT "payment_cards_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_cards" ADD CONSTRAINT "payment_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rates" ADD CONSTRAINT "rates_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rates" ADD CONSTRAINT "rates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_system_code" ON "accounts" USING btree ("portal_id","system_code");--> statement-breakpoint
CREATE INDEX "accounts_user" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "accounts_company" ON "accounts" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "accounts_store" ON "accounts" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "deliveries_portal_status" ON "deliveries" USING btree ("portal_id","logistic_status_id");--> statement-breakpoint
CREATE INDEX "deliveries_company" ON "deliveries" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "deliveries_store" ON "deliveries" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "deliveries_placed_by" ON "deliveries" USING btree ("placed_by_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_waybill" ON "deliveries" USING btree ("waybill");--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_tracking_hash" ON "deliveries" USING btree ("tracking_hash");--> statement-breakpoint
CREATE INDEX "delivery_items_delivery" ON "delivery_items" USING btree ("delivery_id");--> statement-breakpoint
CREATE INDEX "delivery_quotes_delivery" ON "delivery_quotes" USING btree ("delivery_id");--> statement-breakpoint
CREATE INDEX "delivery_windows_scope" ON "delivery_windows" USING btree ("portal_id","company_id","store_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account" ON "ledger_entries" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_delivery" ON "ledger_transactions" USING btree ("delivery_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_payment" ON "ledger_transactions" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_reversal" ON "ledger_transactions" USING btree ("reversal_of_id");--> statement-breakpoint
CREATE INDEX "payment_cards_account" ON "payment_cards" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_cards_registration" ON "payment_cards" USING btree ("registration_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency_key" ON "payments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_merchant_transaction" ON "payments" USING btree ("merchant_transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_checkout" ON "payments" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "payments_delivery" ON "payments" USING btree ("delivery_id");--> statement-breakpoint
CREATE INDEX "payments_pending" ON "payments" USING btree ("status");--> statement-breakpoint
CREATE INDEX "rates_lookup" ON "rates" USING btree ("portal_id","sla_type","parcel_type_id","day_of_week_type");