CREATE TABLE "delivery_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"upload_batch_id" integer NOT NULL,
	"row_number" integer NOT NULL,
	"order_reference" text,
	"customer_identifier" text,
	"origin_address_text" text,
	"destination_address_text" text,
	"origin_address" jsonb,
	"destination_address" jsonb,
	"origin_contact_name" text,
	"origin_phone_number" text,
	"destination_contact_name" text,
	"destination_phone_number" text,
	"delivery_date" text,
	"delivery_time" text,
	"sla_type" text,
	"parcel_type_id" integer,
	"parcel_name" text,
	"length" double precision,
	"width" double precision,
	"height" double precision,
	"weight" double precision,
	"parcel_count" integer DEFAULT 1 NOT NULL,
	"distance_km" double precision,
	"price_excl_cents" integer,
	"delivery_id" integer,
	"upload_status_id" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"uploaded_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "upload_batches" ADD COLUMN "store_id" integer;--> statement-breakpoint
ALTER TABLE "delivery_uploads" ADD CONSTRAINT "delivery_uploads_upload_batch_id_upload_batches_id_fk" FOREIGN KEY ("upload_batch_id") REFERENCES "public"."upload_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_uploads" ADD CONSTRAINT "delivery_uploads_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_uploads" ADD CONSTRAINT "delivery_uploads_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_uploads_batch" ON "delivery_uploads" USING btree ("upload_batch_id","id");--> statement-breakpoint
CREATE INDEX "delivery_uploads_order_reference" ON "delivery_uploads" USING btree ("order_reference");--> statement-breakpoint
ALTER TABLE "upload_batches" ADD CONSTRAINT "upload_batches_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;