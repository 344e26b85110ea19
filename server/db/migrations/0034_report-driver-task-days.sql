CREATE TABLE "report_driver_task_days" (
	"portal_id" integer NOT NULL,
	"day" date NOT NULL,
	"driver_id" integer NOT NULL,
	"company_id" integer,
	"store_id" integer,
	"placed_by_user_id" integer,
	"tasks" integer NOT NULL,
	"completed" integer NOT NULL,
	"arrivals" integer NOT NULL,
	"on_time" integer NOT NULL,
	"late" integer NOT NULL,
	"exceptions" integer NOT NULL,
	"job_ids" integer[] NOT NULL,
	"delivery_ids" integer[] NOT NULL,
	"delivered_ids" integer[] NOT NULL
);
--> statement-breakpoint
CREATE INDEX "report_driver_task_days_day" ON "report_driver_task_days" USING btree ("portal_id","day");--> statement-breakpoint
-- Written by hand: report_driver_task_days is kept with report_task_days, on the same dirty task days
-- (report_task_dirty_days, migration 0030). It also counts delivered deliveries, so a delivery with tasks marks its
-- quote's days when it becomes or stops being delivered (30001), besides what 0030 marked.
CREATE OR REPLACE FUNCTION report_mark_task_deliveries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_mark_task_days(array_agg(x.portal_id), array_agg(x.selected_quote_id)) FROM (
    SELECT DISTINCT r.portal_id, r.selected_quote_id FROM old_rows o JOIN new_rows n ON n.id = o.id
      CROSS JOIN LATERAL (VALUES (o.portal_id, o.selected_quote_id), (n.portal_id, n.selected_quote_id)) r(portal_id, selected_quote_id)
    WHERE r.selected_quote_id IS NOT NULL
      AND (o.portal_id, o.company_id, o.store_id, o.placed_by_user_id, o.selected_quote_id, o.logistic_status_id IN (0, -1), o.logistic_status_id = 30001)
        IS DISTINCT FROM (n.portal_id, n.company_id, n.store_id, n.placed_by_user_id, n.selected_quote_id, n.logistic_status_id IN (0, -1), n.logistic_status_id = 30001)
      AND EXISTS (SELECT 1 FROM job_tasks t WHERE t.delivery_id = n.id)) x;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Every task day before this migration is dirty: the job queue summarises them (report_task_days and
-- report_driver_days are recomputed with them, to the same rows).
INSERT INTO report_task_dirty_days (portal_id, day)
SELECT DISTINCT d.portal_id, y.day FROM deliveries d JOIN portals p ON p.id = d.portal_id JOIN delivery_quotes q ON q.id = d.selected_quote_id
  CROSS JOIN LATERAL (VALUES ((q.pickup_window_end AT TIME ZONE p.time_zone)::date), ((q.drop_off_window_end AT TIME ZONE p.time_zone)::date)) y(day)
WHERE y.day IS NOT NULL AND EXISTS (SELECT 1 FROM job_tasks t WHERE t.delivery_id = d.id);
