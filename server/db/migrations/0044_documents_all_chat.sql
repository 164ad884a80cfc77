ALTER TABLE "document_messages" ALTER COLUMN "document_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "document_messages" ADD COLUMN "business_id" uuid;--> statement-breakpoint
ALTER TABLE "document_messages" ADD CONSTRAINT "document_messages_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_messages_business_idx" ON "document_messages" USING btree ("business_id","created_at","id");