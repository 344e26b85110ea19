CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"portal_id" integer NOT NULL,
	"company_name" text NOT NULL,
	"contact_name" text,
	"phone_number" text,
	"email" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "frontend_errors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"error" text NOT NULL,
	"url" text NOT NULL,
	"agent" text,
	"stack" text,
	"auth" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portals" (
	"id" serial PRIMARY KEY NOT NULL,
	"cca2" text NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"currency_decimals" integer NOT NULL,
	"time_zone" text NOT NULL,
	"vat_rate_basis_points" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" serial PRIMARY KEY NOT NULL,
	"portal_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"store_name" text NOT NULL,
	"contact_name" text,
	"phone_number" text,
	"unit_name" text,
	"unit_number" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"qsr_mode" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone_number" text,
	"phone_number_confirmed" boolean DEFAULT false NOT NULL,
	"email_confirmed" boolean DEFAULT false NOT NULL,
	"contact_country_code" text DEFAULT 'ZA' NOT NULL,
	"unit_name" text,
	"unit_number" text,
	"company_id" integer,
	"store_id" integer,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"beta" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "companies_portal_name" ON "companies" USING btree ("portal_id","company_name");--> statement-breakpoint
CREATE UNIQUE INDEX "portals_cca2_unique" ON "portals" USING btree (lower("cca2"));--> statement-breakpoint
CREATE INDEX "stores_portal_name" ON "stores" USING btree ("portal_id","store_name");--> statement-breakpoint
CREATE INDEX "stores_company" ON "stores" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));