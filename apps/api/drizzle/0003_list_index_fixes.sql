DROP INDEX "products_list_brand_idx";--> statement-breakpoint
DROP INDEX "products_list_brand_price_idx";--> statement-breakpoint
-- 0002 creates it before its backfill on databases that ran 0002 after it was added there.
CREATE INDEX IF NOT EXISTS "product_variations_card_idx" ON "product_variations" USING btree ("product_id","price","position","id");--> statement-breakpoint
CREATE INDEX "products_list_brand_idx" ON "products" USING btree ("brand_slug","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."listable";--> statement-breakpoint
CREATE INDEX "products_list_brand_price_idx" ON "products" USING btree ("brand_slug","card_price") WHERE "products"."listable";