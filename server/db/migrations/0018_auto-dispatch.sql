CREATE TABLE "auto_dispatch_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"portal_id" integer NOT NULL,
	"territory_id" integer,
	"run_id" uuid NOT NULL,
	"job_id" integer NOT NULL,
	"driver_id" integer NOT NULL,
	"rule" text NOT NULL,
	"distance_km" double precision NOT NULL,
	"score" double precision NOT NULL,
	"considered" integer NOT NULL,
	"candidates" jsonb NOT NULL,
	"trigger" text NOT NULL,
	"run_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auto_dispatch_settings" (
	"territory_id" integer PRIMARY KEY NOT NULL,
	"is_on" boolean DEFAULT false NOT NULL,
	"updated_by_user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auto_dispatch_assignments" ADD CONSTRAINT "auto_dispatch_assignments_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_dispatch_assignments" ADD CONSTRAINT "auto_dispatch_assignments_territory_id_territories_id_fk" FOREIGN KEY ("territory_id") REFERENCES "public"."territories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_dispatch_assignments" ADD CONSTRAINT "auto_dispatch_assignments_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_dispatch_assignments" ADD CONSTRAINT "auto_dispatch_assignments_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_dispatch_assignments" ADD CONSTRAINT "auto_dispatch_assignments_run_by_user_id_users_id_fk" FOREIGN KEY ("run_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_dispatch_settings" ADD CONSTRAINT "auto_dispatch_settings_territory_id_territories_id_fk" FOREIGN KEY ("territory_id") REFERENCES "public"."territories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_dispatch_settings" ADD CONSTRAINT "auto_dispatch_settings_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auto_dispatch_assignments_job" ON "auto_dispatch_assignments" USING btree ("job_id","created_at");--> statement-breakpoint
CREATE INDEX "auto_dispatch_assignments_portal" ON "auto_dispatch_assignments" USING btree ("portal_id","created_at");