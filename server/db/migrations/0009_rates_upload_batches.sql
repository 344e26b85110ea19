CREATE TABLE "rate_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"upload_batch_id" integer NOT NULL,
	"row_number" integer NOT NULL,
	"rate_id" integer,
	"name" text,
	"company_id" integer,
	"sla_type" text,
	"parcel_type_id" integer,
	"rate_type" text,
	"day_of_week_type" text,
	"pricing_tier" text,
	"start_km_range" integer,
	"end_km_range" integer,
	"price_cents" integer,
	"is_return_to_sender_rate" boolean DEFAULT false NOT NULL,
	"is_high_risk" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"upload_status_id" integer DEFAULT 0 NOT NULL,
	"rate_created" boolean DEFAULT false NOT NULL,
	"errors" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"uploaded_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upload_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"portal_id" integer NOT NULL,
	"upload_type" text NOT NULL,
	"file_name" text NOT NULL,
	"upload_status_id" integer DEFAULT 0 NOT NULL,
	"created_by_user_id" integer,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"job_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "rates" ADD COLUMN "name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "rate_uploads" ADD CONSTRAINT "rate_uploads_upload_batch_id_upload_batches_id_fk" FOREIGN KEY ("upload_batch_id") REFERENCES "public"."upload_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_uploads" ADD CONSTRAINT "rate_uploads_rate_id_rates_id_fk" FOREIGN KEY ("rate_id") REFERENCES "public"."rates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_uploads" ADD CONSTRAINT "rate_uploads_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_uploads" ADD CONSTRAINT "rate_uploads_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_batches" ADD CONSTRAINT "upload_batches_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_batches" ADD CONSTRAINT "upload_batches_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rate_uploads_batch" ON "rate_uploads" USING btree ("upload_batch_id","id");--> statement-breakpoint
CREATE INDEX "upload_batches_portal" ON "upload_batches" USING btree ("portal_id","upload_type","id");--> statement-breakpoint
-- Rates from before names existed are named from their key, so lists and overlap messages can name them.
UPDATE "rates" SET "name" = "sla_type" || CASE WHEN "is_high_risk" THEN ' high-risk surcharge' WHEN "is_return_to_sender_rate" THEN ' return to sender' ELSE '' END || ', parcel type ' || "parcel_type_id" || ', ' || "day_of_week_type" || ', ' || "start_km_range" || '-' || "end_km_range" || ' km' WHERE "name" = '';
