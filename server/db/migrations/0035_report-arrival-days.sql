CREATE TABLE "report_arrival_days" (
	"portal_id" integer NOT NULL,
	"day" date NOT NULL,
	"company_id" integer,
	"store_id" integer,
	"placed_by_user_id" integer,
	"sla_type" text NOT NULL,
	"task_type_id" integer NOT NULL,
	"driven" boolean NOT NULL,
	"arrivals" integer NOT NULL,
	"early" integer NOT NULL,
	"on_time" integer NOT NULL,
	"late" integer NOT NULL,
	"late_minutes" numeric NOT NULL,
	"first_arrival" timestamp with time zone,
	"last_arrival" timestamp with time zone,
	"positioned" integer NOT NULL,
	"far" integer NOT NULL,
	"far_km" numeric NOT NULL,
	"km_min" numeric,
	"km_max" numeric
);
--> statement-breakpoint
CREATE INDEX "report_arrival_days_day" ON "report_arrival_days" USING btree ("portal_id","day");--> statement-breakpoint
CREATE INDEX "job_tasks_arrival_order" ON "job_tasks" USING btree (date_trunc('second', (arrived_date at time zone 'UTC')) desc,(id::text)) WHERE arrived_date is not null;--> statement-breakpoint
CREATE INDEX "job_tasks_distance_order" ON "job_tasks" USING btree (round(arrived_distance_km::numeric, 2) desc,(id::text)) WHERE arrived_distance_km is not null;--> statement-breakpoint
-- Written by hand: report_arrival_days is kept with report_task_days, on the same dirty task days
-- (report_task_dirty_days, migration 0030). Whether an arrival was early or on time also reads the quote's window
-- starts, and its SLA type is a summary key: a selected quote's change of those marks its tasks' days too (the days
-- are still its window ends', old and new).
CREATE OR REPLACE FUNCTION report_mark_task_quotes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM report_mark_task_days(array_agg(d.portal_id), array_agg(d.selected_quote_id))
      FROM old_rows o JOIN deliveries d ON d.selected_quote_id = o.id WHERE EXISTS (SELECT 1 FROM job_tasks t WHERE t.delivery_id = d.id);
  ELSE
    INSERT INTO report_task_dirty_days (portal_id, day)
    SELECT DISTINCT x.portal_id, x.day FROM (
      SELECT d.portal_id, (r.window_end AT TIME ZONE p.time_zone)::date AS day
      FROM old_rows o JOIN new_rows n ON n.id = o.id
        CROSS JOIN LATERAL (VALUES (o.pickup_window_end), (o.drop_off_window_end), (n.pickup_window_end), (n.drop_off_window_end)) r(window_end)
        JOIN deliveries d ON d.selected_quote_id = o.id JOIN portals p ON p.id = d.portal_id
      WHERE (o.pickup_window_end, o.drop_off_window_end, o.pickup_window_start, o.drop_off_window_start, o.sla_type)
          IS DISTINCT FROM (n.pickup_window_end, n.drop_off_window_end, n.pickup_window_start, n.drop_off_window_start, n.sla_type)
        AND EXISTS (SELECT 1 FROM job_tasks t WHERE t.delivery_id = d.id)) x
    WHERE x.day IS NOT NULL;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Every task day before this migration is dirty: the job queue summarises them (the other task summaries are
-- recomputed with them, to the same rows).
INSERT INTO report_task_dirty_days (portal_id, day)
SELECT DISTINCT d.portal_id, y.day FROM deliveries d JOIN portals p ON p.id = d.portal_id JOIN delivery_quotes q ON q.id = d.selected_quote_id
  CROSS JOIN LATERAL (VALUES ((q.pickup_window_end AT TIME ZONE p.time_zone)::date), ((q.drop_off_window_end AT TIME ZONE p.time_zone)::date)) y(day)
WHERE y.day IS NOT NULL AND EXISTS (SELECT 1 FROM job_tasks t WHERE t.delivery_id = d.id);
