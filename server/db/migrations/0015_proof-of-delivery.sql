CREATE TABLE "proof_of_delivery_codes" (
	"task_id" integer PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"sent_to" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proof_of_delivery_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"portal_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"sla_type" text NOT NULL,
	"signature" text DEFAULT 'off' NOT NULL,
	"photo" text DEFAULT 'off' NOT NULL,
	"barcode" text DEFAULT 'off' NOT NULL,
	"code" text DEFAULT 'off' NOT NULL,
	"updated_by_user_id" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proofs_of_delivery" (
	"task_id" integer PRIMARY KEY NOT NULL,
	"delivery_id" integer NOT NULL,
	"signature" text,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"barcodes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"code_verified" boolean DEFAULT false NOT NULL,
	"lat" double precision,
	"lon" double precision,
	"captured_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "proof_of_delivery_codes" ADD CONSTRAINT "proof_of_delivery_codes_task_id_job_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."job_tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_of_delivery_settings" ADD CONSTRAINT "proof_of_delivery_settings_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_of_delivery_settings" ADD CONSTRAINT "proof_of_delivery_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_of_delivery_settings" ADD CONSTRAINT "proof_of_delivery_settings_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proofs_of_delivery" ADD CONSTRAINT "proofs_of_delivery_task_id_job_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."job_tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proofs_of_delivery" ADD CONSTRAINT "proofs_of_delivery_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "proof_of_delivery_settings_level" ON "proof_of_delivery_settings" USING btree ("company_id","sla_type");--> statement-breakpoint
CREATE INDEX "proofs_of_delivery_delivery" ON "proofs_of_delivery" USING btree ("delivery_id");