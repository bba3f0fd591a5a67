CREATE TABLE "qr_scans" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"qr_code_id" text NOT NULL,
	"offer_id" integer,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "offer_claims" ADD COLUMN "claim_no" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "qr_scans" ADD CONSTRAINT "qr_scans_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_scans" ADD CONSTRAINT "qr_scans_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_scans" ADD CONSTRAINT "qr_scans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "qr_scans_shop_idx" ON "qr_scans" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "offer_claims_user_claim_no_idx" ON "offer_claims" USING btree ("offer_id","user_id","claim_no");--> statement-breakpoint
CREATE UNIQUE INDEX "offer_claims_code_idx" ON "offer_claims" USING btree ("code");--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_claims_within_max" CHECK ("offers"."max_claims" is null or "offers"."claims_count" <= "offers"."max_claims");