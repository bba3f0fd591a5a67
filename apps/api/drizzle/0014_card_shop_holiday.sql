ALTER TABLE "products" ADD COLUMN "shop_on_holiday" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The cards of shops on holiday at the time of this migration (the read model keeps it from now on).
UPDATE "products" SET "shop_on_holiday" = true FROM "shops" WHERE "shops"."id" = "products"."shop_id" AND "shops"."holiday_mode" AND "shops"."is_active";
