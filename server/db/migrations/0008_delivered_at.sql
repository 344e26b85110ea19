ALTER TABLE "deliveries" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
-- Deliveries already delivered take their drop-off's completion time (the last completed drop-off task), else their last update.
UPDATE "deliveries" d SET "delivered_at" = coalesce(
  (SELECT max(t."completed_date") FROM "job_tasks" t WHERE t."delivery_id" = d."id" AND t."task_type_id" IN (2, 4) AND t."completed_date" IS NOT NULL),
  d."updated_at")
WHERE d."logistic_status_id" = 30001;
