DROP INDEX "job_tasks_delivery";--> statement-breakpoint
CREATE INDEX "job_tasks_delivery" ON "job_tasks" USING btree ("delivery_id","report_window_end");