DROP INDEX "mail_outbox_status_idx";--> statement-breakpoint
CREATE INDEX "mail_outbox_undelivered_idx" ON "mail_outbox" USING btree ("id") WHERE "mail_outbox"."status" in ('pending', 'failed');