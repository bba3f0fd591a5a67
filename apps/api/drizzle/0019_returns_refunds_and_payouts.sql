CREATE TABLE "payout_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"started_by" integer,
	"status" text DEFAULT 'running' NOT NULL,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"destination" text,
	"stripe_transfer_id" text,
	"idempotency_key" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_transfers_amount_check" CHECK ("payout_transfers"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "shop_payout_accounts" (
	"shop_id" integer PRIMARY KEY NOT NULL,
	"stripe_account_id" text NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"charges_enabled" boolean DEFAULT false NOT NULL,
	"requirements_due" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "payment_intent" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_ledger_entries" ADD COLUMN "refund_id" integer;--> statement-breakpoint
ALTER TABLE "shop_ledger_entries" ADD COLUMN "payout_transfer_id" integer;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "return_id" integer;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "method" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_runs" ADD CONSTRAINT "payout_runs_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_transfers" ADD CONSTRAINT "payout_transfers_run_id_payout_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."payout_runs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_transfers" ADD CONSTRAINT "payout_transfers_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_payout_accounts" ADD CONSTRAINT "shop_payout_accounts_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_runs_created_idx" ON "payout_runs" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_transfers_run_shop_idx" ON "payout_transfers" USING btree ("run_id","shop_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_transfers_idempotency_idx" ON "payout_transfers" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_transfers_stripe_idx" ON "payout_transfers" USING btree ("stripe_transfer_id");--> statement-breakpoint
CREATE INDEX "payout_transfers_shop_idx" ON "payout_transfers" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "payout_transfers_pending_idx" ON "payout_transfers" USING btree ("created_at") WHERE "payout_transfers"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "shop_payout_accounts_stripe_idx" ON "shop_payout_accounts" USING btree ("stripe_account_id");--> statement-breakpoint
ALTER TABLE "shop_ledger_entries" ADD CONSTRAINT "shop_ledger_entries_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_ledger_entries" ADD CONSTRAINT "shop_ledger_entries_payout_transfer_id_payout_transfers_id_fk" FOREIGN KEY ("payout_transfer_id") REFERENCES "public"."payout_transfers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_return_id_order_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."order_returns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shop_ledger_entries_refund_idx" ON "shop_ledger_entries" USING btree ("refund_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_ledger_entries_payout_idx" ON "shop_ledger_entries" USING btree ("payout_transfer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_return_idx" ON "refunds" USING btree ("return_id") WHERE "refunds"."kind" = 'return';--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_provider_ref_idx" ON "refunds" USING btree ("provider_ref");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_card_intent_check" CHECK ("refunds"."method" = 'cash' or "refunds"."payment_intent" is not null);--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_return_check" CHECK (("refunds"."kind" = 'return') = ("refunds"."return_id" is not null));