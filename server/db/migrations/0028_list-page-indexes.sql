DROP INDEX "deliveries_portal_created";--> statement-breakpoint
DROP INDEX "deliveries_portal_company_created";--> statement-breakpoint
DROP INDEX "deliveries_portal_store_created";--> statement-breakpoint
CREATE INDEX "deliveries_portal_created" ON "deliveries" USING btree ("portal_id","created_at","id","logistic_status_id","distance_km");--> statement-breakpoint
CREATE INDEX "deliveries_portal_company_created" ON "deliveries" USING btree ("portal_id","company_id","created_at","id","logistic_status_id","distance_km");--> statement-breakpoint
CREATE INDEX "deliveries_portal_store_created" ON "deliveries" USING btree ("portal_id","store_id","created_at","id","logistic_status_id","distance_km");