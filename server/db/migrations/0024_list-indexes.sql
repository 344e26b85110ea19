DROP INDEX "deliveries_company_created";--> statement-breakpoint
DROP INDEX "deliveries_company_status_distance";--> statement-breakpoint
CREATE INDEX "deliveries_portal_created" ON "deliveries" USING btree ("portal_id","created_at","id");--> statement-breakpoint
CREATE INDEX "deliveries_portal_company_created" ON "deliveries" USING btree ("portal_id","company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "deliveries_portal_store_created" ON "deliveries" USING btree ("portal_id","store_id","created_at","id");--> statement-breakpoint
CREATE INDEX "deliveries_portal_company_status_distance" ON "deliveries" USING btree ("portal_id","company_id","logistic_status_id","distance_km");