CREATE TABLE "distance_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"upload_batch_id" integer NOT NULL,
	"row_number" integer NOT NULL,
	"reference" text,
	"origin_address_text" text,
	"destination_address_text" text,
	"origin_address" jsonb,
	"destination_address" jsonb,
	"distance_km" double precision,
	"upload_status_id" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"uploaded_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"upload_batch_id" integer NOT NULL,
	"row_number" integer NOT NULL,
	"store_id" integer,
	"store_name" text,
	"company_id" integer,
	"contact_name" text,
	"phone_number" text,
	"email" text,
	"address" text,
	"resolved_address" jsonb,
	"unit_name" text,
	"unit_number" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"qsr_mode" boolean DEFAULT false NOT NULL,
	"created_store_id" integer,
	"upload_status_id" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"uploaded_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "distance_uploads" ADD CONSTRAINT "distance_uploads_upload_batch_id_upload_batches_id_fk" FOREIGN KEY ("upload_batch_id") REFERENCES "public"."upload_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distance_uploads" ADD CONSTRAINT "distance_uploads_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_uploads" ADD CONSTRAINT "store_uploads_upload_batch_id_upload_batches_id_fk" FOREIGN KEY ("upload_batch_id") REFERENCES "public"."upload_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_uploads" ADD CONSTRAINT "store_uploads_created_store_id_stores_id_fk" FOREIGN KEY ("created_store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_uploads" ADD CONSTRAINT "store_uploads_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "distance_uploads_batch" ON "distance_uploads" USING btree ("upload_batch_id","id");--> statement-breakpoint
CREATE INDEX "store_uploads_batch" ON "store_uploads" USING btree ("upload_batch_id","id");