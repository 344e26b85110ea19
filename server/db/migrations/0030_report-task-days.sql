CREATE TABLE "report_task_days" (
	"portal_id" integer NOT NULL,
	"day" date NOT NULL,
	"driver_id" integer NOT NULL,
	"company_id" integer,
	"store_id" integer,
	"placed_by_user_id" integer,
	"task_type_id" integer NOT NULL,
	"stops" integer NOT NULL,
	"wait_total" numeric NOT NULL,
	"wait_max" numeric,
	"positioned" integer NOT NULL,
	"far" integer NOT NULL,
	"distance_total" numeric NOT NULL,
	"distance_max" double precision
);
--> statement-breakpoint
CREATE TABLE "report_task_dirty_days" (
	"id" serial PRIMARY KEY NOT NULL,
	"portal_id" integer NOT NULL,
	"day" date NOT NULL
);
--> statement-breakpoint
CREATE INDEX "report_task_days_day" ON "report_task_days" USING btree ("portal_id","day");--> statement-breakpoint
CREATE INDEX "report_task_dirty_days_day" ON "report_task_dirty_days" USING btree ("portal_id","day");--> statement-breakpoint
-- Written by hand: the task days whose summaries (report_task_days) a write can change are marked dirty in the
-- writing transaction. A task's day is the local date of its window's end (the selected quote's pick-up window end
-- for pick-up tasks, its drop-off window end otherwise; queries.ts, taskDate); a delivery's tasks are marked on both
-- of its quote's days (a superset: a clean day marked dirty is only read live).
CREATE FUNCTION report_mark_task_days(portal_ids integer[], quote_ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO report_task_dirty_days (portal_id, day)
  SELECT DISTINCT x.portal_id, y.day FROM unnest(portal_ids, quote_ids) x(portal_id, quote_id)
    JOIN portals p ON p.id = x.portal_id JOIN delivery_quotes q ON q.id = x.quote_id
    CROSS JOIN LATERAL (VALUES ((q.pickup_window_end AT TIME ZONE p.time_zone)::date), ((q.drop_off_window_end AT TIME ZONE p.time_zone)::date)) y(day)
  WHERE y.day IS NOT NULL
$$;--> statement-breakpoint
-- A task's arrival, completion, distance, status, type, job or delivery: the days of its delivery (old and new).
CREATE FUNCTION report_mark_task_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT n.delivery_id) INTO ids FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT o.delivery_id) INTO ids FROM old_rows o;
  ELSE
    SELECT array_agg(DISTINCT r.delivery_id) INTO ids FROM old_rows o JOIN new_rows n ON n.id = o.id
      CROSS JOIN LATERAL (VALUES (o.delivery_id), (n.delivery_id)) r(delivery_id)
      WHERE (o.arrived_date, o.completed_date, o.arrived_distance_km, o.task_status_id, o.task_type_id, o.job_id, o.delivery_id)
        IS DISTINCT FROM (n.arrived_date, n.completed_date, n.arrived_distance_km, n.task_status_id, n.task_type_id, n.job_id, n.delivery_id);
  END IF;
  IF ids IS NOT NULL THEN
    PERFORM report_mark_task_days(array_agg(d.portal_id), array_agg(d.selected_quote_id))
      FROM deliveries d WHERE d.id = ANY(ids) AND d.selected_quote_id IS NOT NULL;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER report_task_days_tasks_insert AFTER INSERT ON job_tasks REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_mark_task_rows();--> statement-breakpoint
CREATE TRIGGER report_task_days_tasks_update AFTER UPDATE ON job_tasks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_mark_task_rows();--> statement-breakpoint
CREATE TRIGGER report_task_days_tasks_delete AFTER DELETE ON job_tasks REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_mark_task_rows();--> statement-breakpoint
-- A job's driver (or portal): the days of its tasks' deliveries. A job's tasks are inserted and deleted on their own.
CREATE FUNCTION report_mark_task_jobs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_mark_task_days(array_agg(x.portal_id), array_agg(x.selected_quote_id)) FROM (
    SELECT DISTINCT d.portal_id, d.selected_quote_id FROM job_tasks t JOIN deliveries d ON d.id = t.delivery_id
    WHERE d.selected_quote_id IS NOT NULL AND t.job_id IN (SELECT n.id FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.driver_id, o.portal_id) IS DISTINCT FROM (n.driver_id, n.portal_id))) x;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER report_task_days_jobs_update AFTER UPDATE ON jobs REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_mark_task_jobs();--> statement-breakpoint
-- A delivery with tasks: its portal, company, store, customer, selected quote, or whether it is booked (old and new).
CREATE FUNCTION report_mark_task_deliveries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_mark_task_days(array_agg(x.portal_id), array_agg(x.selected_quote_id)) FROM (
    SELECT DISTINCT r.portal_id, r.selected_quote_id FROM old_rows o JOIN new_rows n ON n.id = o.id
      CROSS JOIN LATERAL (VALUES (o.portal_id, o.selected_quote_id), (n.portal_id, n.selected_quote_id)) r(portal_id, selected_quote_id)
    WHERE r.selected_quote_id IS NOT NULL
      AND (o.portal_id, o.company_id, o.store_id, o.placed_by_user_id, o.selected_quote_id, o.logistic_status_id IN (0, -1))
        IS DISTINCT FROM (n.portal_id, n.company_id, n.store_id, n.placed_by_user_id, n.selected_quote_id, n.logistic_status_id IN (0, -1))
      AND EXISTS (SELECT 1 FROM job_tasks t WHERE t.delivery_id = n.id)) x;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER report_task_days_deliveries_update AFTER UPDATE ON deliveries REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_mark_task_deliveries();--> statement-breakpoint
-- A selected quote's window ends (old and new days), or the quote itself deleted.
CREATE FUNCTION report_mark_task_quotes() RETURNS trigger LANGUAGE plpgsql AS $$
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
      WHERE (o.pickup_window_end, o.drop_off_window_end) IS DISTINCT FROM (n.pickup_window_end, n.drop_off_window_end)
        AND EXISTS (SELECT 1 FROM job_tasks t WHERE t.delivery_id = d.id)) x
    WHERE x.day IS NOT NULL;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER report_task_days_quotes_update AFTER UPDATE ON delivery_quotes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_mark_task_quotes();--> statement-breakpoint
CREATE TRIGGER report_task_days_quotes_delete AFTER DELETE ON delivery_quotes REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_mark_task_quotes();--> statement-breakpoint
-- Every task day before this migration is dirty: the job queue summarises them.
INSERT INTO report_task_dirty_days (portal_id, day)
SELECT DISTINCT d.portal_id, y.day FROM deliveries d JOIN portals p ON p.id = d.portal_id JOIN delivery_quotes q ON q.id = d.selected_quote_id
  CROSS JOIN LATERAL (VALUES ((q.pickup_window_end AT TIME ZONE p.time_zone)::date), ((q.drop_off_window_end AT TIME ZONE p.time_zone)::date)) y(day)
WHERE y.day IS NOT NULL AND EXISTS (SELECT 1 FROM job_tasks t WHERE t.delivery_id = d.id);
