CREATE TABLE "report_job_days" (
	"portal_id" integer NOT NULL,
	"day" date NOT NULL,
	"company_id" integer,
	"driver_id" integer,
	"rejected_by_driver_id" integer,
	"jobs" integer NOT NULL,
	"started" integer NOT NULL,
	"arrivals" integer NOT NULL,
	"on_time" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_job_dirty_days" (
	"id" serial PRIMARY KEY NOT NULL,
	"portal_id" integer NOT NULL,
	"day" date NOT NULL
);
--> statement-breakpoint
CREATE INDEX "report_job_days_day" ON "report_job_days" USING btree ("portal_id","day");--> statement-breakpoint
CREATE INDEX "report_job_dirty_days_day" ON "report_job_dirty_days" USING btree ("portal_id","day");--> statement-breakpoint
-- Written by hand: the job days (the local date a job was created) whose summaries (report_job_days) a write can
-- change are marked dirty in the writing transaction.
CREATE FUNCTION report_mark_job_days(portal_ids integer[], stamps timestamptz[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO report_job_dirty_days (portal_id, day)
  SELECT DISTINCT x.portal_id, (x.created_at AT TIME ZONE p.time_zone)::date FROM unnest(portal_ids, stamps) x(portal_id, created_at)
    JOIN portals p ON p.id = x.portal_id
$$;--> statement-breakpoint
-- A job's own figures: created, portal, company, driver, who turned it down, started (old and new days).
CREATE FUNCTION report_mark_job_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM report_mark_job_days(array_agg(n.portal_id), array_agg(n.created_at)) FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM report_mark_job_days(array_agg(o.portal_id), array_agg(o.created_at)) FROM old_rows o;
  ELSE
    PERFORM report_mark_job_days(array_agg(v.portal_id), array_agg(v.created_at))
    FROM old_rows o JOIN new_rows n ON n.id = o.id
      CROSS JOIN LATERAL (VALUES (o.portal_id, o.created_at), (n.portal_id, n.created_at)) v(portal_id, created_at)
    WHERE (o.portal_id, o.created_at, o.company_id, o.driver_id, o.rejected_by_driver_id, o.started_at)
      IS DISTINCT FROM (n.portal_id, n.created_at, n.company_id, n.driver_id, n.rejected_by_driver_id, n.started_at);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER report_job_days_jobs_insert AFTER INSERT ON jobs REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_mark_job_rows();--> statement-breakpoint
CREATE TRIGGER report_job_days_jobs_update AFTER UPDATE ON jobs REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_mark_job_rows();--> statement-breakpoint
CREATE TRIGGER report_job_days_jobs_delete AFTER DELETE ON jobs REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_mark_job_rows();--> statement-breakpoint
-- A task's arrival, type, job or delivery: the days of its jobs (old and new).
CREATE FUNCTION report_mark_job_tasks() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT n.job_id) INTO ids FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT o.job_id) INTO ids FROM old_rows o;
  ELSE
    SELECT array_agg(DISTINCT r.job_id) INTO ids FROM old_rows o JOIN new_rows n ON n.id = o.id
      CROSS JOIN LATERAL (VALUES (o.job_id), (n.job_id)) r(job_id)
      WHERE (o.arrived_date, o.task_type_id, o.job_id, o.delivery_id) IS DISTINCT FROM (n.arrived_date, n.task_type_id, n.job_id, n.delivery_id);
  END IF;
  IF ids IS NOT NULL THEN
    PERFORM report_mark_job_days(array_agg(j.portal_id), array_agg(j.created_at)) FROM jobs j WHERE j.id = ANY(ids);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER report_job_days_tasks_insert AFTER INSERT ON job_tasks REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_mark_job_tasks();--> statement-breakpoint
CREATE TRIGGER report_job_days_tasks_update AFTER UPDATE ON job_tasks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_mark_job_tasks();--> statement-breakpoint
CREATE TRIGGER report_job_days_tasks_delete AFTER DELETE ON job_tasks REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_mark_job_tasks();--> statement-breakpoint
-- A delivery's selected quote (its tasks' windows): the days of the jobs of its tasks.
CREATE FUNCTION report_mark_job_deliveries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_mark_job_days(array_agg(j.portal_id), array_agg(j.created_at)) FROM jobs j
  WHERE j.id IN (SELECT t.job_id FROM job_tasks t WHERE t.delivery_id IN (SELECT n.id FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE o.selected_quote_id IS DISTINCT FROM n.selected_quote_id));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER report_job_days_deliveries_update AFTER UPDATE ON deliveries REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_mark_job_deliveries();--> statement-breakpoint
-- A selected quote's window ends, or the quote deleted: the days of the jobs of its delivery's tasks.
CREATE FUNCTION report_mark_job_quotes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM report_mark_job_days(array_agg(j.portal_id), array_agg(j.created_at)) FROM jobs j
    WHERE j.id IN (SELECT t.job_id FROM job_tasks t JOIN deliveries d ON d.id = t.delivery_id JOIN old_rows o ON o.id = d.selected_quote_id);
  ELSE
    PERFORM report_mark_job_days(array_agg(j.portal_id), array_agg(j.created_at)) FROM jobs j
    WHERE j.id IN (SELECT t.job_id FROM job_tasks t JOIN deliveries d ON d.id = t.delivery_id
      JOIN old_rows o ON o.id = d.selected_quote_id JOIN new_rows n ON n.id = o.id
      WHERE (o.pickup_window_end, o.drop_off_window_end) IS DISTINCT FROM (n.pickup_window_end, n.drop_off_window_end));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER report_job_days_quotes_update AFTER UPDATE ON delivery_quotes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_mark_job_quotes();--> statement-breakpoint
CREATE TRIGGER report_job_days_quotes_delete AFTER DELETE ON delivery_quotes REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_mark_job_quotes();--> statement-breakpoint
-- Every job day before this migration is dirty: the job queue summarises them.
INSERT INTO report_job_dirty_days (portal_id, day)
SELECT DISTINCT j.portal_id, (j.created_at AT TIME ZONE p.time_zone)::date FROM jobs j JOIN portals p ON p.id = j.portal_id;
