CREATE TABLE "application_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"document_type_id" integer NOT NULL,
	"media_item_id" integer NOT NULL,
	"file_name" text,
	"expiry_date" text,
	"document_status_id" integer DEFAULT 400 NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"user_id" integer,
	"action" text NOT NULL,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_invites" (
	"id" serial PRIMARY KEY NOT NULL,
	"portal_id" integer NOT NULL,
	"hash" text NOT NULL,
	"partner_company_id" integer,
	"invited_by_user_id" integer NOT NULL,
	"first_name" text,
	"email" text,
	"phone_number" text,
	"expires_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	"application_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"portal_id" integer NOT NULL,
	"application_type_id" integer NOT NULL,
	"application_status_id" integer DEFAULT 0 NOT NULL,
	"progress_status_id" integer DEFAULT 0 NOT NULL,
	"applicant_user_id" integer NOT NULL,
	"active_step" integer DEFAULT -1 NOT NULL,
	"terms_acceptance_id" integer DEFAULT 100 NOT NULL,
	"id_number" text,
	"phone_number" text,
	"has_relation" boolean,
	"relation_info" text,
	"has_part_time_job" boolean,
	"part_time_job_details" text,
	"has_vendor_relation" boolean,
	"vendor_relation_info" text,
	"company_name" text,
	"company_type" text,
	"registration_number" text,
	"vat_number" text,
	"contact_name" text,
	"company_email" text,
	"company_phone_number" text,
	"registration" text,
	"make" text,
	"model" text,
	"colour" text,
	"vehicle_type_id" integer,
	"partner_company_id" integer,
	"invite_id" integer,
	"reason" text,
	"created_company_id" integer,
	"created_vehicle_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by_user_id" integer
);
--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "partner_company_id" integer;--> statement-breakpoint
ALTER TABLE "application_documents" ADD CONSTRAINT "application_documents_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_documents" ADD CONSTRAINT "application_documents_media_item_id_media_items_id_fk" FOREIGN KEY ("media_item_id") REFERENCES "public"."media_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_events" ADD CONSTRAINT "application_events_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_events" ADD CONSTRAINT "application_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_invites" ADD CONSTRAINT "application_invites_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_invites" ADD CONSTRAINT "application_invites_partner_company_id_companies_id_fk" FOREIGN KEY ("partner_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_invites" ADD CONSTRAINT "application_invites_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_invites" ADD CONSTRAINT "application_invites_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_applicant_user_id_users_id_fk" FOREIGN KEY ("applicant_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_partner_company_id_companies_id_fk" FOREIGN KEY ("partner_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_created_company_id_companies_id_fk" FOREIGN KEY ("created_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_created_vehicle_id_vehicles_id_fk" FOREIGN KEY ("created_vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_documents_application" ON "application_documents" USING btree ("application_id","document_type_id");--> statement-breakpoint
CREATE INDEX "application_events_application" ON "application_events" USING btree ("application_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "application_invites_hash" ON "application_invites" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "application_invites_partner" ON "application_invites" USING btree ("portal_id","partner_company_id");--> statement-breakpoint
CREATE INDEX "applications_portal_type" ON "applications" USING btree ("portal_id","application_type_id","application_status_id","created_at");--> statement-breakpoint
CREATE INDEX "applications_applicant" ON "applications" USING btree ("applicant_user_id");--> statement-breakpoint
CREATE INDEX "applications_partner" ON "applications" USING btree ("partner_company_id");--> statement-breakpoint
ALTER TABLE "drivers" ADD CONSTRAINT "drivers_partner_company_id_companies_id_fk" FOREIGN KEY ("partner_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;