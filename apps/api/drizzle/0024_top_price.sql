ALTER TABLE "products" ADD COLUMN "top_price" integer;--> statement-breakpoint
CREATE INDEX "products_list_top_price_idx" ON "products" USING btree ("top_price" DESC NULLS FIRST) WHERE "products"."listable";--> statement-breakpoint
CREATE INDEX "products_list_shop_top_price_idx" ON "products" USING btree ("shop_id","top_price") WHERE "products"."listable";--> statement-breakpoint
-- The read model's new column for the products already there (refreshProductListings writes it from now on).
UPDATE "products" AS p SET "top_price" = v.top
FROM (SELECT "product_id", max("price") AS top FROM "product_variations" WHERE "is_active" GROUP BY "product_id") AS v
WHERE v."product_id" = p."id";
