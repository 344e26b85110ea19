CREATE TABLE "delivery_admin_details" (
	"delivery_id" integer PRIMARY KEY NOT NULL,
	"lot_number" integer DEFAULT 0 NOT NULL,
	"is_return_to_sender" boolean DEFAULT false NOT NULL,
	"proof_recipient_name" text,
	"proof_note" text,
	"proof_updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "drivers" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"driver_availability_id" integer DEFAULT -1001 NOT NULL,
	"lat" double precision,
	"lon" double precision,
	"location_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gazetteer_places" (
	"id" serial PRIMARY KEY NOT NULL,
	"place_id" text NOT NULL,
	"cca2" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"area" text,
	"city" text NOT NULL,
	"province" text NOT NULL,
	"description" text NOT NULL,
	"name_key" text NOT NULL,
	"search_text" text NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hubs" (
	"id" serial PRIMARY KEY NOT NULL,
	"portal_id" integer NOT NULL,
	"hub_name" text NOT NULL,
	"contact_name" text NOT NULL,
	"phone_number" text NOT NULL,
	"address" jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_deliveries" (
	"delivery_id" integer PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"delivery_id" integer NOT NULL,
	"task_job_order" integer NOT NULL,
	"task_type_id" integer NOT NULL,
	"task_status_id" integer DEFAULT 2001 NOT NULL,
	"address" jsonb NOT NULL,
	"window_start_utc" timestamp with time zone,
	"arrived_date" timestamp with time zone,
	"arrived_lat" double precision,
	"arrived_lon" double precision,
	"distance_from_driver" double precision,
	"completed_date" timestamp with time zone,
	"exception_reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"portal_id" integer NOT NULL,
	"job_status_id" integer DEFAULT 0 NOT NULL,
	"driver_id" integer,
	"company_id" integer,
	"rejected_by_driver_id" integer,
	"created_by_user_id" integer,
	"seed_key" text,
	"delay_notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "web_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"portal_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"web_notification_type_id" integer NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"job_id" integer,
	"delivery_id" integer,
	"seed_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "hub_id" integer;--> statement-breakpoint
ALTER TABLE "delivery_admin_details" ADD CONSTRAINT "delivery_admin_details_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drivers" ADD CONSTRAINT "drivers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hubs" ADD CONSTRAINT "hubs_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_deliveries" ADD CONSTRAINT "job_deliveries_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_deliveries" ADD CONSTRAINT "job_deliveries_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_tasks" ADD CONSTRAINT "job_tasks_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_tasks" ADD CONSTRAINT "job_tasks_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_rejected_by_driver_id_users_id_fk" FOREIGN KEY ("rejected_by_driver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_notifications" ADD CONSTRAINT "web_notifications_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_notifications" ADD CONSTRAINT "web_notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_notifications" ADD CONSTRAINT "web_notifications_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_notifications" ADD CONSTRAINT "web_notifications_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gazetteer_places_place_id" ON "gazetteer_places" USING btree ("place_id");--> statement-breakpoint
CREATE INDEX "gazetteer_places_cca2" ON "gazetteer_places" USING btree ("cca2");--> statement-breakpoint
CREATE UNIQUE INDEX "hubs_portal_name" ON "hubs" USING btree ("portal_id","hub_name");--> statement-breakpoint
CREATE INDEX "job_deliveries_job" ON "job_deliveries" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "job_tasks_job" ON "job_tasks" USING btree ("job_id","task_job_order");--> statement-breakpoint
CREATE INDEX "job_tasks_delivery" ON "job_tasks" USING btree ("delivery_id");--> statement-breakpoint
CREATE INDEX "jobs_portal_status" ON "jobs" USING btree ("portal_id","job_status_id");--> statement-breakpoint
CREATE INDEX "jobs_driver" ON "jobs" USING btree ("driver_id");--> statement-breakpoint
CREATE INDEX "jobs_company" ON "jobs" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_seed_key" ON "jobs" USING btree ("seed_key");--> statement-breakpoint
CREATE INDEX "web_notifications_user" ON "web_notifications" USING btree ("user_id","read","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "web_notifications_seed_key" ON "web_notifications" USING btree ("seed_key");--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE no action ON UPDATE no action;