-- Written by hand: the task-day SQL that migrations 0030, 0031, 0034 and 0035 each wrote out again, as functions the
-- dirty-marking triggers call, so the next task summary or a widened trigger condition reuses them instead of
-- repeating the day formula. No figure or mark changes: the same days as before.
-- The days a delivery's tasks fall on: the local dates of its selected quote's pick-up and drop-off window ends.
CREATE FUNCTION report_task_days_of(time_zone text, pickup_window_end timestamptz, drop_off_window_end timestamptz)
  RETURNS SETOF date LANGUAGE sql IMMUTABLE AS $$
  SELECT y.day FROM (VALUES ((pickup_window_end AT TIME ZONE time_zone)::date), ((drop_off_window_end AT TIME ZONE time_zone)::date)) y(day)
  WHERE y.day IS NOT NULL
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_mark_task_days(portal_ids integer[], quote_ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO report_task_dirty_days (portal_id, day)
  SELECT DISTINCT x.portal_id, y.day FROM unnest(portal_ids, quote_ids) x(portal_id, quote_id)
    JOIN portals p ON p.id = x.portal_id JOIN delivery_quotes q ON q.id = x.quote_id
    CROSS JOIN LATERAL report_task_days_of(p.time_zone, q.pickup_window_end, q.drop_off_window_end) y(day)
$$;--> statement-breakpoint
-- Every task day of the deliveries with tasks marked dirty: what a migration adding or changing a task summary calls.
CREATE FUNCTION report_mark_every_task_day() RETURNS void LANGUAGE sql AS $$
  INSERT INTO report_task_dirty_days (portal_id, day)
  SELECT DISTINCT d.portal_id, y.day FROM deliveries d JOIN portals p ON p.id = d.portal_id JOIN delivery_quotes q ON q.id = d.selected_quote_id
    CROSS JOIN LATERAL report_task_days_of(p.time_zone, q.pickup_window_end, q.drop_off_window_end) y(day)
  WHERE EXISTS (SELECT 1 FROM job_tasks t WHERE t.delivery_id = d.id)
$$;--> statement-breakpoint
-- A selected quote's window ends, window starts or SLA type changed (0035): the days of its old and new window ends.
CREATE OR REPLACE FUNCTION report_mark_task_quotes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM report_mark_task_days(array_agg(d.portal_id), array_agg(d.selected_quote_id))
      FROM old_rows o JOIN deliveries d ON d.selected_quote_id = o.id WHERE EXISTS (SELECT 1 FROM job_tasks t WHERE t.delivery_id = d.id);
  ELSE
    INSERT INTO report_task_dirty_days (portal_id, day)
    SELECT DISTINCT d.portal_id, y.day
    FROM old_rows o JOIN new_rows n ON n.id = o.id JOIN deliveries d ON d.selected_quote_id = o.id JOIN portals p ON p.id = d.portal_id
      CROSS JOIN LATERAL (SELECT * FROM report_task_days_of(p.time_zone, o.pickup_window_end, o.drop_off_window_end)
        UNION SELECT * FROM report_task_days_of(p.time_zone, n.pickup_window_end, n.drop_off_window_end)) y(day)
    WHERE (o.pickup_window_end, o.drop_off_window_end, o.pickup_window_start, o.drop_off_window_start, o.sla_type)
        IS DISTINCT FROM (n.pickup_window_end, n.drop_off_window_end, n.pickup_window_start, n.drop_off_window_start, n.sla_type)
      AND EXISTS (SELECT 1 FROM job_tasks t WHERE t.delivery_id = d.id);
  END IF;
  RETURN NULL;
END $$;
