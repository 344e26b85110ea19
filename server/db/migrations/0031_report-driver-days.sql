CREATE TABLE "report_driver_days" (
	"portal_id" integer NOT NULL,
	"day" date NOT NULL,
	"driver_id" integer NOT NULL,
	"jobs" integer NOT NULL,
	"tasks" integer NOT NULL,
	"first_start" timestamp with time zone,
	"last_end" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "report_driver_days_day" ON "report_driver_days" USING btree ("portal_id","day");--> statement-breakpoint
-- Written by hand: every task day is dirty again, so the job queue fills report_driver_days too.
INSERT INTO report_task_dirty_days (portal_id, day)
SELECT DISTINCT d.portal_id, y.day FROM deliveries d JOIN portals p ON p.id = d.portal_id JOIN delivery_quotes q ON q.id = d.selected_quote_id
  CROSS JOIN LATERAL (VALUES ((q.pickup_window_end AT TIME ZONE p.time_zone)::date), ((q.drop_off_window_end AT TIME ZONE p.time_zone)::date)) y(day)
WHERE y.day IS NOT NULL AND EXISTS (SELECT 1 FROM job_tasks t WHERE t.delivery_id = d.id);
