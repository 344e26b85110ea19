ALTER TABLE "deliveries" ADD COLUMN "terminal_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "deliveries_terminal" ON "deliveries" USING btree ("portal_id","terminal_at") WHERE terminal_at is not null;--> statement-breakpoint
-- Written by hand: terminal_at holds the Delivery Termination report's terminal date of a terminated or cancelled
-- delivery (statuses -12001, -11001, -10001, -3001 terminated; -2001, -1501, -1001 cancelled; metrics.ts), null
-- otherwise: coalesce(delivered_at, the latest completed_date of its tasks, updated_at), as the report computed it
-- live. Set on every insert and update of a delivery, and again when its tasks' completion changes.
CREATE FUNCTION report_terminal_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.logistic_status_id IN (-12001, -11001, -10001, -3001, -2001, -1501, -1001) THEN
    NEW.terminal_at := coalesce(NEW.delivered_at, (SELECT max(t.completed_date) FROM job_tasks t WHERE t.delivery_id = NEW.id), NEW.updated_at);
  ELSE
    NEW.terminal_at := NULL;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER report_deliveries_terminal_at BEFORE INSERT OR UPDATE ON deliveries
  FOR EACH ROW EXECUTE FUNCTION report_terminal_at();--> statement-breakpoint
-- A task's completion (or its delivery) changed: the terminal deliveries concerned are written again, which runs
-- report_terminal_at; only those whose terminal date changes are written (and locked).
CREATE FUNCTION report_terminal_tasks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE deliveries d SET terminal_at = NULL WHERE d.id IN (SELECT n.delivery_id FROM new_rows n WHERE n.completed_date IS NOT NULL)
      AND d.terminal_at IS NOT NULL
      AND d.terminal_at IS DISTINCT FROM coalesce(d.delivered_at, (SELECT max(t.completed_date) FROM job_tasks t WHERE t.delivery_id = d.id), d.updated_at);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE deliveries d SET terminal_at = NULL WHERE d.id IN (SELECT o.delivery_id FROM old_rows o WHERE o.completed_date IS NOT NULL)
      AND d.terminal_at IS NOT NULL
      AND d.terminal_at IS DISTINCT FROM coalesce(d.delivered_at, (SELECT max(t.completed_date) FROM job_tasks t WHERE t.delivery_id = d.id), d.updated_at);
  ELSE
    UPDATE deliveries d SET terminal_at = NULL WHERE d.id IN (SELECT r.delivery_id FROM old_rows o JOIN new_rows n ON n.id = o.id
        CROSS JOIN LATERAL (VALUES (o.delivery_id), (n.delivery_id)) r(delivery_id)
        WHERE (o.completed_date, o.delivery_id) IS DISTINCT FROM (n.completed_date, n.delivery_id))
      AND d.terminal_at IS NOT NULL
      AND d.terminal_at IS DISTINCT FROM coalesce(d.delivered_at, (SELECT max(t.completed_date) FROM job_tasks t WHERE t.delivery_id = d.id), d.updated_at);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER report_tasks_terminal_insert AFTER INSERT ON job_tasks REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_terminal_tasks();--> statement-breakpoint
CREATE TRIGGER report_tasks_terminal_update AFTER UPDATE ON job_tasks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_terminal_tasks();--> statement-breakpoint
CREATE TRIGGER report_tasks_terminal_delete AFTER DELETE ON job_tasks REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_terminal_tasks();--> statement-breakpoint
-- The existing terminated and cancelled deliveries.
UPDATE deliveries d SET terminal_at = coalesce(d.delivered_at, (SELECT max(t.completed_date) FROM job_tasks t WHERE t.delivery_id = d.id), d.updated_at)
WHERE d.logistic_status_id IN (-12001, -11001, -10001, -3001, -2001, -1501, -1001);
