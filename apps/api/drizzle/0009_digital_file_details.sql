ALTER TABLE "product_variations" ADD COLUMN "digital_file_name" text;--> statement-breakpoint
ALTER TABLE "product_variations" ADD COLUMN "digital_file_size" integer;--> statement-breakpoint
ALTER TABLE "product_variations" ADD COLUMN "digital_file_type" text;--> statement-breakpoint
-- Files attached before this migration (the demo seed's PDFs): their stored name is their name,
-- and the seed wrote only PDFs. Their size is unknown to SQL and stays null.
UPDATE "product_variations"
SET "digital_file_name" = regexp_replace("digital_file", '^.*/', ''),
    "digital_file_type" = CASE WHEN "digital_file" ILIKE '%.pdf' THEN 'application/pdf' ELSE 'application/octet-stream' END
WHERE "digital_file" IS NOT NULL;
