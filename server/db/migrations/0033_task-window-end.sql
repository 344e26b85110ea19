ALTER TABLE "job_tasks" ADD COLUMN "report_window_end" timestamp with time zone;--> statement-breakpoint
-- Written by hand: report_window_end holds a task's window end as the reports read it (TASK_WINDOW_END in
-- server/domain/reports/queries.ts): its delivery's selected quote's pick-up window end for a pick-up task (types 1,
-- 3, 5), its drop-off window end otherwise; null without a selected quote. Set on a task's insert and on a change of
-- its type or delivery, and again when its delivery's selected quote or that quote's window ends change.
CREATE FUNCTION report_task_window_end() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.report_window_end := (SELECT CASE WHEN NEW.task_type_id IN (1, 3, 5) THEN q.pickup_window_end ELSE q.drop_off_window_end END
    FROM deliveries d JOIN delivery_quotes q ON q.id = d.selected_quote_id WHERE d.id = NEW.delivery_id);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER report_tasks_window_end BEFORE INSERT OR UPDATE OF task_type_id, delivery_id ON job_tasks
  FOR EACH ROW EXECUTE FUNCTION report_task_window_end();--> statement-breakpoint
-- The tasks of these deliveries written again where their window end differs (only those are locked).
CREATE FUNCTION report_task_window_ends(delivery_ids int[]) RETURNS void LANGUAGE sql AS $$
  UPDATE job_tasks t SET report_window_end = w.window_end FROM (
    SELECT t2.id, CASE WHEN t2.task_type_id IN (1, 3, 5) THEN q.pickup_window_end ELSE q.drop_off_window_end END AS window_end
    FROM job_tasks t2 JOIN deliveries d ON d.id = t2.delivery_id LEFT JOIN delivery_quotes q ON q.id = d.selected_quote_id
    WHERE t2.delivery_id = ANY(delivery_ids)) w
  WHERE t.id = w.id AND t.report_window_end IS DISTINCT FROM w.window_end
$$;--> statement-breakpoint
CREATE FUNCTION report_deliveries_window_ends() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_task_window_ends(array_agg(n.id)) FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE o.selected_quote_id IS DISTINCT FROM n.selected_quote_id HAVING count(*) > 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER report_deliveries_window_ends AFTER UPDATE ON deliveries REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_deliveries_window_ends();--> statement-breakpoint
-- A quote inserted (a delivery may name its selected quote before the quote exists), deleted, or its window ends
-- changed: the tasks of the deliveries that select it.
CREATE FUNCTION report_quotes_window_ends() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM report_task_window_ends(array_agg(d.id)) FROM new_rows n JOIN deliveries d ON d.selected_quote_id = n.id HAVING count(*) > 0;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM report_task_window_ends(array_agg(d.id)) FROM old_rows o JOIN deliveries d ON d.selected_quote_id = o.id HAVING count(*) > 0;
  ELSE
    PERFORM report_task_window_ends(array_agg(d.id)) FROM old_rows o JOIN new_rows n ON n.id = o.id JOIN deliveries d ON d.selected_quote_id = o.id
      WHERE (o.pickup_window_end, o.drop_off_window_end) IS DISTINCT FROM (n.pickup_window_end, n.drop_off_window_end) HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER report_quotes_window_ends_insert AFTER INSERT ON delivery_quotes REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_quotes_window_ends();--> statement-breakpoint
CREATE TRIGGER report_quotes_window_ends_update AFTER UPDATE ON delivery_quotes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_quotes_window_ends();--> statement-breakpoint
CREATE TRIGGER report_quotes_window_ends_delete AFTER DELETE ON delivery_quotes REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_quotes_window_ends();--> statement-breakpoint
-- The existing tasks, with job_tasks' statement triggers off meanwhile: the column is new, so no report figure
-- changes, and their transition tables would hold every task twice.
ALTER TABLE job_tasks DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE job_tasks t SET report_window_end = CASE WHEN t.task_type_id IN (1, 3, 5) THEN q.pickup_window_end ELSE q.drop_off_window_end END
  FROM deliveries d JOIN delivery_quotes q ON q.id = d.selected_quote_id WHERE d.id = t.delivery_id;--> statement-breakpoint
ALTER TABLE job_tasks ENABLE TRIGGER USER;--> statement-breakpoint
CREATE INDEX "job_tasks_exception_window" ON "job_tasks" USING btree ("report_window_end") WHERE task_status_id = -1001 or exception_reason is not null;
