CREATE TYPE "public"."ledger_kind" AS ENUM('sale', 'commission', 'refund', 'payout', 'adjustment');--> statement-breakpoint
CREATE TABLE "shop_ledger_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"kind" "ledger_kind" NOT NULL,
	"amount" integer NOT NULL,
	"order_id" integer,
	"note" text,
	"created_by" integer,
	"available_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "vat_rate" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_variations" ADD COLUMN "vat_rate" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "vat_rate" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "vat" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "commission" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vendor_net" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vat_number" text;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "commission_rate" integer;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "vat_number" text;--> statement-breakpoint
ALTER TABLE "shop_ledger_entries" ADD CONSTRAINT "shop_ledger_entries_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_ledger_entries" ADD CONSTRAINT "shop_ledger_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_ledger_entries" ADD CONSTRAINT "shop_ledger_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shop_ledger_entries_shop_idx" ON "shop_ledger_entries" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "shop_ledger_entries_order_idx" ON "shop_ledger_entries" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_ledger_entries_order_sale_idx" ON "shop_ledger_entries" USING btree ("order_id","kind") WHERE "shop_ledger_entries"."kind" in ('sale', 'commission');--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_vat_rate_check" CHECK ("categories"."vat_rate" in (0, 5, 20));--> statement-breakpoint
ALTER TABLE "product_variations" ADD CONSTRAINT "product_variations_vat_rate_check" CHECK ("product_variations"."vat_rate" in (0, 5, 20));--> statement-breakpoint
-- Orders placed before commissions were kept: the platform default (10 %) on subtotal - discount, half up.
UPDATE "orders" SET "commission" = (10 * greatest("subtotal" - "discount", 0) + 50) / 100;--> statement-breakpoint
UPDATE "orders" SET "vendor_net" = "total" - "commission";--> statement-breakpoint
-- The ledger is append-only: a balance is the sum of its rows, so no row may change or go.
CREATE FUNCTION "shop_ledger_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'shop_ledger_entries is append-only (% refused)', TG_OP;
END
$$;--> statement-breakpoint
CREATE TRIGGER "shop_ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "shop_ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "shop_ledger_entries_append_only"();
