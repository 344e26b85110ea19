-- Written by hand (drizzle does not write INCLUDE): deliveries_due also holds the delivery's id, so Deliveries Due's
-- page walks the index alone (an index-only scan) to the page's keys, its filters read from the index, before it
-- reads the page's deliveries: a company's few due deliveries among many no longer fetch every due row.
DROP INDEX "deliveries_due";--> statement-breakpoint
CREATE INDEX "deliveries_due" ON "deliveries" USING btree ("portal_id",date_trunc('second', (due_window_end at time zone 'UTC')),(id::text))
  INCLUDE (id, due_window_end, logistic_status_id, company_id, store_id, hub_id) WHERE due_window_end is not null;
