-- Written by hand: a delivery's Deliver-by report date, written out nine times in migration 0027's three trigger
-- functions, as one function they call (as 0037 did for the task days). The same marks as before.
-- A delivery's Deliver-by report date (queries.ts, deliveryDate): its deliver-by date, else the local date of its
-- selected quote's drop-off window end, else its ready-for-collection date. (Stable: text to date reads DateStyle.)
CREATE FUNCTION report_delivery_day(time_zone text, deliver_by_date text, drop_off_window_end timestamptz, ready_for_collection_date text)
  RETURNS date LANGUAGE sql STABLE AS $$
  SELECT coalesce(deliver_by_date::date, (drop_off_window_end AT TIME ZONE time_zone)::date, ready_for_collection_date::date)
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_mark_deliveries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO report_dirty_days (portal_id, day)
    SELECT DISTINCT x.portal_id, x.day FROM (
      SELECT n.portal_id, report_delivery_day(p.time_zone, n.deliver_by_date, q.drop_off_window_end, n.ready_for_collection_date) AS day
      FROM new_rows n JOIN portals p ON p.id = n.portal_id LEFT JOIN delivery_quotes q ON q.id = n.selected_quote_id) x
    WHERE x.day IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO report_dirty_days (portal_id, day)
    SELECT DISTINCT x.portal_id, x.day FROM (
      SELECT o.portal_id, report_delivery_day(p.time_zone, o.deliver_by_date, q.drop_off_window_end, o.ready_for_collection_date) AS day
      FROM old_rows o JOIN portals p ON p.id = o.portal_id LEFT JOIN delivery_quotes q ON q.id = o.selected_quote_id) x
    WHERE x.day IS NOT NULL;
  ELSE
    -- Only rows whose report figures can change: status, times, dates, quote, company, store, hub, customer.
    INSERT INTO report_dirty_days (portal_id, day)
    SELECT DISTINCT x.portal_id, x.day FROM (
      SELECT r.portal_id, report_delivery_day(p.time_zone, r.deliver_by_date, q.drop_off_window_end, r.ready_for_collection_date) AS day
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
CREATE OR REPLACE FUNCTION report_mark_quotes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO report_dirty_days (portal_id, day)
    SELECT DISTINCT x.portal_id, x.day FROM (
      SELECT d.portal_id, report_delivery_day(p.time_zone, d.deliver_by_date, n.drop_off_window_end, d.ready_for_collection_date) AS day
      FROM new_rows n JOIN deliveries d ON d.selected_quote_id = n.id JOIN portals p ON p.id = d.portal_id) x
    WHERE x.day IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO report_dirty_days (portal_id, day)
    SELECT DISTINCT x.portal_id, x.day FROM (
      SELECT d.portal_id, report_delivery_day(p.time_zone, d.deliver_by_date, o.drop_off_window_end, d.ready_for_collection_date) AS day
      FROM old_rows o JOIN deliveries d ON d.selected_quote_id = o.id JOIN portals p ON p.id = d.portal_id) x
    WHERE x.day IS NOT NULL;
  ELSE
    INSERT INTO report_dirty_days (portal_id, day)
    SELECT DISTINCT x.portal_id, x.day FROM (
      SELECT d.portal_id, report_delivery_day(p.time_zone, d.deliver_by_date, r.drop_off_window_end, d.ready_for_collection_date) AS day
      FROM old_rows o JOIN new_rows n ON n.id = o.id
        CROSS JOIN LATERAL (VALUES (o.id, o.drop_off_window_end), (n.id, n.drop_off_window_end)) r(id, drop_off_window_end)
        JOIN deliveries d ON d.selected_quote_id = r.id JOIN portals p ON p.id = d.portal_id
      WHERE (o.sla_type, o.pickup_window_end, o.drop_off_window_end) IS DISTINCT FROM (n.sla_type, n.pickup_window_end, n.drop_off_window_end)) x
    WHERE x.day IS NOT NULL;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- The delivery days of the deliveries with these ids (each with its selected quote's drop-off window end).
CREATE FUNCTION report_mark_delivery_days(delivery_ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO report_dirty_days (portal_id, day)
  SELECT DISTINCT x.portal_id, x.day FROM (
    SELECT d.portal_id, report_delivery_day(p.time_zone, d.deliver_by_date, q.drop_off_window_end, d.ready_for_collection_date) AS day
    FROM deliveries d JOIN portals p ON p.id = d.portal_id LEFT JOIN delivery_quotes q ON q.id = d.selected_quote_id
    WHERE d.id = ANY(delivery_ids)) x
  WHERE x.day IS NOT NULL
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_mark_tasks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM report_mark_delivery_days(array_agg(n.delivery_id)) FROM new_rows n WHERE n.arrived_date IS NOT NULL HAVING count(*) > 0;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM report_mark_delivery_days(array_agg(o.delivery_id)) FROM old_rows o WHERE o.arrived_date IS NOT NULL HAVING count(*) > 0;
  ELSE
    PERFORM report_mark_delivery_days(array_agg(r.delivery_id)) FROM old_rows o JOIN new_rows n ON n.id = o.id
      CROSS JOIN LATERAL (VALUES (o.delivery_id), (n.delivery_id)) r(delivery_id)
      WHERE (o.arrived_date, o.task_type_id, o.delivery_id) IS DISTINCT FROM (n.arrived_date, n.task_type_id, n.delivery_id) HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END $$;
