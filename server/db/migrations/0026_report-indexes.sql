CREATE INDEX "deliveries_deliver_by" ON "deliveries" USING btree ("deliver_by_date");--> statement-breakpoint
CREATE INDEX "deliveries_created" ON "deliveries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "deliveries_selected_quote" ON "deliveries" USING btree ("selected_quote_id");--> statement-breakpoint
CREATE INDEX "delivery_quotes_pickup_end" ON "delivery_quotes" USING btree ("pickup_window_end");--> statement-breakpoint
CREATE INDEX "delivery_quotes_drop_off_end" ON "delivery_quotes" USING btree ("drop_off_window_end");--> statement-breakpoint
CREATE INDEX "jobs_portal_created" ON "jobs" USING btree ("portal_id","created_at");