ALTER TABLE "shops" ADD COLUMN "holiday_mode" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "holiday_message" text;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "opening_hours" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "disabled" boolean DEFAULT false NOT NULL;