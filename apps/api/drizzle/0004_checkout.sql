CREATE SEQUENCE "public"."invoice_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
DROP INDEX "reward_point_entries_user_idx";--> statement-breakpoint
DROP INDEX "orders_user_idx";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "payment_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_charge" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "coupon_redemptions_order_idx" ON "coupon_redemptions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "reward_point_entries_order_idx" ON "reward_point_entries" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "invoices_payment_due_idx" ON "invoices" USING btree ("payment_due_at") WHERE "invoices"."payment_status" = 'unpaid';--> statement-breakpoint
CREATE INDEX "order_status_history_order_idx" ON "order_status_history" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "orders_shop_status_idx" ON "orders" USING btree ("shop_id","status","created_at");--> statement-breakpoint
CREATE INDEX "reward_point_entries_user_idx" ON "reward_point_entries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at");