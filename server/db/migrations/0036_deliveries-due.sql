ALTER TABLE "deliveries" ADD COLUMN "due_window_end" timestamp with time zone;--> statement-breakpoint
-- Written by hand: due_window_end holds the window end Deliveries Due lists for a delivery in progress (statuses 1000
-- Staging, 2501 Ready, 10001 Pending pick-up: its selected quote's pick-up window end; 15001 Collected, 20001 Pending
-- drop-off: its drop-off window end), null in any other status or without a selected quote. Set on a delivery's insert
-- and on a change of its status or selected quote, and again when that quote is inserted, deleted, or its window
-- ends change.
CREATE FUNCTION report_due_window_end() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.due_window_end := CASE WHEN NEW.logistic_status_id IN (1000, 2501, 10001, 15001, 20001) THEN
    (SELECT CASE WHEN NEW.logistic_status_id IN (1000, 2501, 10001) THEN q.pickup_window_end ELSE q.drop_off_window_end END
      FROM delivery_quotes q WHERE q.id = NEW.selected_quote_id) END;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER report_deliveries_due_window_end BEFORE INSERT OR UPDATE OF logistic_status_id, selected_quote_id ON deliveries
  FOR EACH ROW EXECUTE FUNCTION report_due_window_end();--> statement-breakpoint
-- The deliveries in progress that select these quotes written again where their window end differs (only those are locked).
CREATE FUNCTION report_due_window_ends(quote_ids int[]) RETURNS void LANGUAGE sql AS $$
  UPDATE deliveries d SET due_window_end = w.window_end FROM (
    SELECT d2.id, CASE WHEN d2.logistic_status_id IN (1000, 2501, 10001) THEN q.pickup_window_end ELSE q.drop_off_window_end END AS window_end
    FROM deliveries d2 LEFT JOIN delivery_quotes q ON q.id = d2.selected_quote_id
    WHERE d2.selected_quote_id = ANY(quote_ids) AND d2.logistic_status_id IN (1000, 2501, 10001, 15001, 20001)) w
  WHERE d.id = w.id AND d.due_window_end IS DISTINCT FROM w.window_end
$$;--> statement-breakpoint
CREATE FUNCTION report_quotes_due_window_ends() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM report_due_window_ends(array_agg(n.id)) FROM new_rows n HAVING count(*) > 0;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM report_due_window_ends(array_agg(o.id)) FROM old_rows o HAVING count(*) > 0;
  ELSE
    PERFORM report_due_window_ends(array_agg(n.id)) FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.pickup_window_end, o.drop_off_window_end) IS DISTINCT FROM (n.pickup_window_end, n.drop_off_window_end) HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER report_quotes_due_insert AFTER INSERT ON delivery_quotes REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_quotes_due_window_ends();--> statement-breakpoint
CREATE TRIGGER report_quotes_due_update AFTER UPDATE ON delivery_quotes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_quotes_due_window_ends();--> statement-breakpoint
CREATE TRIGGER report_quotes_due_delete AFTER DELETE ON delivery_quotes REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_quotes_due_window_ends();--> statement-breakpoint
-- The deliveries in progress now, with deliveries' other triggers off meanwhile: the column is new, so nothing they
-- keep changes.
ALTER TABLE deliveries DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE deliveries d SET due_window_end = CASE WHEN d.logistic_status_id IN (1000, 2501, 10001) THEN q.pickup_window_end ELSE q.drop_off_window_end END
  FROM delivery_quotes q WHERE q.id = d.selected_quote_id AND d.logistic_status_id IN (1000, 2501, 10001, 15001, 20001);--> statement-breakpoint
ALTER TABLE deliveries ENABLE TRIGGER USER;--> statement-breakpoint
-- The index drizzle generated, with the columns the counts and filters read included (drizzle does not write INCLUDE).
CREATE INDEX "deliveries_due" ON "deliveries" USING btree ("portal_id",date_trunc('second', (due_window_end at time zone 'UTC')),(id::text))
  INCLUDE (due_window_end, logistic_status_id, company_id, store_id, hub_id) WHERE due_window_end is not null;
