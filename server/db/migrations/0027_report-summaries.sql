CREATE TABLE "report_delivery_days" (
	"portal_id" integer NOT NULL,
	"day" date NOT NULL,
	"company_id" integer,
	"store_id" integer,
	"hub_id" integer,
	"placed_by_user_id" integer,
	"sla_type" text,
	"deliveries" integer NOT NULL,
	"delivered" integer NOT NULL,
	"on_time" integer NOT NULL,
	"terminated" integer NOT NULL,
	"cancelled" integer NOT NULL,
	"in_progress" integer NOT NULL,
	"pick_up_arrivals" integer NOT NULL,
	"pick_up_compliant" integer NOT NULL,
	"drop_off_arrivals" integer NOT NULL,
	"drop_off_compliant" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_dirty_days" (
	"id" serial PRIMARY KEY NOT NULL,
	"portal_id" integer NOT NULL,
	"day" date NOT NULL
);
--> statement-breakpoint
CREATE INDEX "report_delivery_days_day" ON "report_delivery_days" USING btree ("portal_id","day");--> statement-breakpoint
CREATE INDEX "report_dirty_days_day" ON "report_dirty_days" USING btree ("portal_id","day");--> statement-breakpoint
-- Written by hand: the days whose report summaries a write can change are marked dirty in the writing
-- transaction. The day is a delivery's Deliver-by report date (server/domain/reports/queries.ts, deliveryDate).
CREATE FUNCTION report_mark_deliveries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO report_dirty_days (portal_id, day)
    SELECT DISTINCT x.portal_id, x.day FROM (
      SELECT n.portal_id, coalesce(n.deliver_by_date::date, (q.drop_off_window_end AT TIME ZONE p.time_zone)::date, n.ready_for_collection_date::date) AS day
      FROM new_rows n JOIN portals p ON p.id = n.portal_id LEFT JOIN delivery_quotes q ON q.id = n.selected_quote_id) x
    WHERE x.day IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO report_dirty_days (portal_id, day)
    SELECT DISTINCT x.portal_id, x.day FROM (
      SELECT o.portal_id, coalesce(o.deliver_by_date::date, (q.drop_off_window_end AT TIME ZONE p.time_zone)::date, o.ready_for_collection_date::date) AS day
      FROM old_rows o JOIN portals p ON p.id = o.portal_id LEFT JOIN delivery_quotes q ON q.id = o.selected_quote_id) x
    WHERE x.day IS NOT NULL;
  ELSE
    -- Only rows whose report figures can change: status, times, dates, quote, company, store, hub, customer.
    INSERT INTO report_dirty_days (portal_id, day)
    SELECT DISTINCT x.portal_id, x.day FROM (
      SELECT r.portal_id, coalesce(r.deliver_by_date::date, (q.drop_off_window_end AT TIME ZONE p.time_zone)::date, r.ready_for_collection_date::date) AS day
      FROM old_rows o JOIN new_rows n ON n.id = o.id
        CROSS JOIN LATERAL (VALUES (o.portal_id, o.deliver_by_date, o.ready_for_collection_date, o.selected_quote_id),
          (n.portal_id, n.deliver_by_date, n.ready_for_collection_date, n.selected_quote_id)) r(portal_id, deliver_by_date, ready_for_collection_date, selected_quote_id)
        JOIN portals p ON p.id = r.portal_id LEFT JOIN delivery_quotes q ON q.id = r.selected_quote_id
      WHERE (o.portal_id, o.logistic_status_id, o.delivered_at, o.deliver_by_date, o.ready_for_collection_date, o.selected_quote_id,
          o.company_id, o.store_id, o.hub_id, o.placed_by_user_id)
        IS DISTINCT FROM (n.portal_id, n.logistic_status_id, n.delivered_at, n.deliver_by_date, n.ready_for_collection_date, n.selected_quote_id,
          n.company_id, n.store_id, n.hub_id, n.placed_by_user_id)) x
    WHERE x.day IS NOT NULL;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER report_deliveries_insert AFTER INSERT ON deliveries REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_mark_deliveries();--> statement-breakpoint
CREATE TRIGGER report_deliveries_update AFTER UPDATE ON deliveries REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_mark_deliveries();--> statement-breakpoint
CREATE TRIGGER report_deliveries_delete AFTER DELETE ON deliveries REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_mark_deliveries();--> statement-breakpoint
-- A selected quote's SLA type and window ends (old and new: the window end can be the report date).
CREATE FUNCTION report_mark_quotes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO report_dirty_days (portal_id, day)
    SELECT DISTINCT x.portal_id, x.day FROM (
      SELECT d.portal_id, coalesce(d.deliver_by_date::date, (n.drop_off_window_end AT TIME ZONE p.time_zone)::date, d.ready_for_collection_date::date) AS day
      FROM new_rows n JOIN deliveries d ON d.selected_quote_id = n.id JOIN portals p ON p.id = d.portal_id) x
    WHERE x.day IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO report_dirty_days (portal_id, day)
    SELECT DISTINCT x.portal_id, x.day FROM (
      SELECT d.portal_id, coalesce(d.deliver_by_date::date, (o.drop_off_window_end AT TIME ZONE p.time_zone)::date, d.ready_for_collection_date::date) AS day
      FROM old_rows o JOIN deliveries d ON d.selected_quote_id = o.id JOIN portals p ON p.id = d.portal_id) x
    WHERE x.day IS NOT NULL;
  ELSE
    INSERT INTO report_dirty_days (portal_id, day)
    SELECT DISTINCT x.portal_id, x.day FROM (
      SELECT d.portal_id, coalesce(d.deliver_by_date::date, (r.drop_off_window_end AT TIME ZONE p.time_zone)::date, d.ready_for_collection_date::date) AS day
      FROM old_rows o JOIN new_rows n ON n.id = o.id
        CROSS JOIN LATERAL (VALUES (o.id, o.drop_off_window_end), (n.id, n.drop_off_window_end)) r(id, drop_off_window_end)
        JOIN deliveries d ON d.selected_quote_id = r.id JOIN portals p ON p.id = d.portal_id
      WHERE (o.sla_type, o.pickup_window_end, o.drop_off_window_end) IS DISTINCT FROM (n.sla_type, n.pickup_window_end, n.drop_off_window_end)) x
    WHERE x.day IS NOT NULL;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER report_quotes_insert AFTER INSERT ON delivery_quotes REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_mark_quotes();--> statement-breakpoint
CREATE TRIGGER report_quotes_update AFTER UPDATE ON delivery_quotes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_mark_quotes();--> statement-breakpoint
CREATE TRIGGER report_quotes_delete AFTER DELETE ON delivery_quotes REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_mark_quotes();--> statement-breakpoint
-- A task's arrival, type or delivery: the days of its deliveries (pick-up and drop-off compliance).
CREATE FUNCTION report_mark_tasks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO report_dirty_days (portal_id, day)
    SELECT DISTINCT x.portal_id, x.day FROM (
      SELECT d.portal_id, coalesce(d.deliver_by_date::date, (q.drop_off_window_end AT TIME ZONE p.time_zone)::date, d.ready_for_collection_date::date) AS day
      FROM deliveries d JOIN portals p ON p.id = d.portal_id LEFT JOIN delivery_quotes q ON q.id = d.selected_quote_id
      WHERE d.id IN (SELECT n.delivery_id FROM new_rows n WHERE n.arrived_date IS NOT NULL)) x
    WHERE x.day IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO report_dirty_days (portal_id, day)
    SELECT DISTINCT x.portal_id, x.day FROM (
      SELECT d.portal_id, coalesce(d.deliver_by_date::date, (q.drop_off_window_end AT TIME ZONE p.time_zone)::date, d.ready_for_collection_date::date) AS day
      FROM deliveries d JOIN portals p ON p.id = d.portal_id LEFT JOIN delivery_quotes q ON q.id = d.selected_quote_id
      WHERE d.id IN (SELECT o.delivery_id FROM old_rows o WHERE o.arrived_date IS NOT NULL)) x
    WHERE x.day IS NOT NULL;
  ELSE
    INSERT INTO report_dirty_days (portal_id, day)
    SELECT DISTINCT x.portal_id, x.day FROM (
      SELECT d.portal_id, coalesce(d.deliver_by_date::date, (q.drop_off_window_end AT TIME ZONE p.time_zone)::date, d.ready_for_collection_date::date) AS day
      FROM deliveries d JOIN portals p ON p.id = d.portal_id LEFT JOIN delivery_quotes q ON q.id = d.selected_quote_id
      WHERE d.id IN (SELECT r.delivery_id FROM old_rows o JOIN new_rows n ON n.id = o.id
        CROSS JOIN LATERAL (VALUES (o.delivery_id), (n.delivery_id)) r(delivery_id)
        WHERE (o.arrived_date, o.task_type_id, o.delivery_id) IS DISTINCT FROM (n.arrived_date, n.task_type_id, n.delivery_id))) x
    WHERE x.day IS NOT NULL;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER report_tasks_insert AFTER INSERT ON job_tasks REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_mark_tasks();--> statement-breakpoint
CREATE TRIGGER report_tasks_update AFTER UPDATE ON job_tasks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_mark_tasks();--> statement-breakpoint
CREATE TRIGGER report_tasks_delete AFTER DELETE ON job_tasks REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_mark_tasks();--> statement-breakpoint
-- Every day with deliveries before this migration is dirty: the job queue summarises them.
INSERT INTO report_dirty_days (portal_id, day)
SELECT DISTINCT x.portal_id, x.day FROM (
  SELECT d.portal_id, coalesce(d.deliver_by_date::date, (q.drop_off_window_end AT TIME ZONE p.time_zone)::date, d.ready_for_collection_date::date) AS day
  FROM deliveries d JOIN portals p ON p.id = d.portal_id LEFT JOIN delivery_quotes q ON q.id = d.selected_quote_id) x
WHERE x.day IS NOT NULL;
