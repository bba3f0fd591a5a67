DROP INDEX "order_returns_user_idx";--> statement-breakpoint
ALTER TABLE "order_returns" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_returns" ADD COLUMN "received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shop_create_requests" ADD COLUMN "category_id" integer;--> statement-breakpoint
ALTER TABLE "shop_create_requests" ADD COLUMN "logo" text;--> statement-breakpoint
CREATE INDEX "order_returns_order_idx" ON "order_returns" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_returns_item_idx" ON "order_returns" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "support_tickets_order_idx" ON "support_tickets" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_returns_user_idx" ON "order_returns" USING btree ("user_id","created_at");