ALTER TABLE "payments" ADD COLUMN "provider_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
-- Deliveries that already hold several open payments keep the newest open; the older ones are superseded
-- (still settled by reconciliation if the provider reports them paid).
UPDATE "payments" SET "status" = 'superseded'
WHERE "status" in ('pending', 'charging')
  AND "id" <> (SELECT max(p."id") FROM "payments" p WHERE p."delivery_id" = "payments"."delivery_id" AND p."status" in ('pending', 'charging'));--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_open_per_delivery" ON "payments" USING btree ("delivery_id") WHERE "payments"."status" in ('pending', 'charging');
