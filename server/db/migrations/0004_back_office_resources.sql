CREATE TABLE "announcement_dismissals" (
	"announcement_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"dismissed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcement_dismissals_announcement_id_user_id_pk" PRIMARY KEY("announcement_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"portal_id" integer NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"start_date" text NOT NULL,
	"end_date" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by_user_id" integer,
	"seed_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"portal_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"client_name" text NOT NULL,
	"auth_type" text DEFAULT 'ApiKey' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"portal_id" integer NOT NULL,
	"kind" text NOT NULL,
	"delivery_id" integer,
	"user_id" integer,
	"content_type" text NOT NULL,
	"data" "bytea",
	"byte_size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"ai_score" integer,
	"seed_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mobile_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"portal_id" integer NOT NULL,
	"app_user_id" integer NOT NULL,
	"device_brand" text NOT NULL,
	"device_model" text NOT NULL,
	"device_identifier" text NOT NULL,
	"trusted" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"last_notified_at" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questionnaires" (
	"id" serial PRIMARY KEY NOT NULL,
	"portal_id" integer NOT NULL,
	"name" text NOT NULL,
	"questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"seed_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ratings" (
	"id" serial PRIMARY KEY NOT NULL,
	"portal_id" integer NOT NULL,
	"delivery_id" integer NOT NULL,
	"driver_id" integer NOT NULL,
	"score" integer NOT NULL,
	"comment" text,
	"questionnaire_id" integer,
	"answers" jsonb,
	"created_by_id" integer,
	"seed_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "territories" (
	"id" serial PRIMARY KEY NOT NULL,
	"portal_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "territory_areas" (
	"id" serial PRIMARY KEY NOT NULL,
	"territory_id" integer NOT NULL,
	"area_name" text NOT NULL,
	"kind" text DEFAULT 'area' NOT NULL,
	"polygon" jsonb NOT NULL,
	"min_lat" double precision NOT NULL,
	"max_lat" double precision NOT NULL,
	"min_lon" double precision NOT NULL,
	"max_lon" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "territory_permissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"territory_id" integer NOT NULL,
	"user_id" integer,
	"role" text
);
--> statement-breakpoint
CREATE TABLE "user_admin_details" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" serial PRIMARY KEY NOT NULL,
	"portal_id" integer NOT NULL,
	"registration" text NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"colour" text,
	"vehicle_type_id" integer NOT NULL,
	"driver_id" integer,
	"partner_company_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"webhook_id" integer NOT NULL,
	"event_id" text NOT NULL,
	"event" text NOT NULL,
	"payload" text NOT NULL,
	"attempt" integer NOT NULL,
	"status_id" integer DEFAULT 0 NOT NULL,
	"http_status" integer,
	"error" text,
	"duration_ms" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"next_attempt_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhooks" (
	"id" serial PRIMARY KEY NOT NULL,
	"portal_id" integer NOT NULL,
	"company_id" integer,
	"url" text NOT NULL,
	"description" text,
	"secret" text NOT NULL,
	"event_types" text[] NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by_user_id" integer,
	"seed_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "announcement_dismissals" ADD CONSTRAINT "announcement_dismissals_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_dismissals" ADD CONSTRAINT "announcement_dismissals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_clients" ADD CONSTRAINT "api_clients_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_clients" ADD CONSTRAINT "api_clients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_items" ADD CONSTRAINT "media_items_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_items" ADD CONSTRAINT "media_items_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_items" ADD CONSTRAINT "media_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobile_devices" ADD CONSTRAINT "mobile_devices_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobile_devices" ADD CONSTRAINT "mobile_devices_app_user_id_users_id_fk" FOREIGN KEY ("app_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaires" ADD CONSTRAINT "questionnaires_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_questionnaire_id_questionnaires_id_fk" FOREIGN KEY ("questionnaire_id") REFERENCES "public"."questionnaires"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "territories" ADD CONSTRAINT "territories_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "territory_areas" ADD CONSTRAINT "territory_areas_territory_id_territories_id_fk" FOREIGN KEY ("territory_id") REFERENCES "public"."territories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "territory_permissions" ADD CONSTRAINT "territory_permissions_territory_id_territories_id_fk" FOREIGN KEY ("territory_id") REFERENCES "public"."territories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "territory_permissions" ADD CONSTRAINT "territory_permissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_admin_details" ADD CONSTRAINT "user_admin_details_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_partner_company_id_companies_id_fk" FOREIGN KEY ("partner_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_webhook_id_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcements_portal" ON "announcements" USING btree ("portal_id","start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "announcements_seed_key" ON "announcements" USING btree ("seed_key");--> statement-breakpoint
CREATE UNIQUE INDEX "api_clients_user" ON "api_clients" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "media_items_portal_kind" ON "media_items" USING btree ("portal_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "media_items_delivery" ON "media_items" USING btree ("delivery_id");--> statement-breakpoint
CREATE UNIQUE INDEX "media_items_profile_user" ON "media_items" USING btree ("user_id") WHERE kind = 'profilePicture';--> statement-breakpoint
CREATE UNIQUE INDEX "media_items_seed_key" ON "media_items" USING btree ("seed_key");--> statement-breakpoint
CREATE UNIQUE INDEX "mobile_devices_identifier" ON "mobile_devices" USING btree ("device_identifier");--> statement-breakpoint
CREATE INDEX "mobile_devices_owner" ON "mobile_devices" USING btree ("app_user_id");--> statement-breakpoint
CREATE INDEX "questionnaires_portal" ON "questionnaires" USING btree ("portal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "questionnaires_seed_key" ON "questionnaires" USING btree ("seed_key");--> statement-breakpoint
CREATE INDEX "ratings_portal_created" ON "ratings" USING btree ("portal_id","created_at");--> statement-breakpoint
CREATE INDEX "ratings_driver" ON "ratings" USING btree ("driver_id");--> statement-breakpoint
CREATE INDEX "ratings_delivery" ON "ratings" USING btree ("delivery_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ratings_seed_key" ON "ratings" USING btree ("seed_key");--> statement-breakpoint
CREATE UNIQUE INDEX "territories_portal_name" ON "territories" USING btree ("portal_id","name");--> statement-breakpoint
CREATE INDEX "territory_areas_territory" ON "territory_areas" USING btree ("territory_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "territory_areas_name" ON "territory_areas" USING btree ("territory_id","kind","area_name");--> statement-breakpoint
CREATE UNIQUE INDEX "territory_permissions_user" ON "territory_permissions" USING btree ("territory_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "territory_permissions_role" ON "territory_permissions" USING btree ("territory_id","role");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_portal_registration" ON "vehicles" USING btree ("portal_id",upper("registration"));--> statement-breakpoint
CREATE INDEX "vehicles_driver" ON "vehicles" USING btree ("driver_id");--> statement-breakpoint
CREATE INDEX "webhook_attempts_webhook" ON "webhook_attempts" USING btree ("webhook_id","id");--> statement-breakpoint
CREATE INDEX "webhook_attempts_due" ON "webhook_attempts" USING btree ("status_id","next_attempt_at");--> statement-breakpoint
CREATE INDEX "webhooks_portal_company" ON "webhooks" USING btree ("portal_id","company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "webhooks_seed_key" ON "webhooks" USING btree ("seed_key");--> statement-breakpoint
CREATE INDEX "deliveries_company_created" ON "deliveries" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "deliveries_company_status_distance" ON "deliveries" USING btree ("company_id","logistic_status_id","distance_km");