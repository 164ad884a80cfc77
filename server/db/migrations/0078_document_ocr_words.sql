CREATE TABLE "document_ocr_words" (
	"document_id" uuid NOT NULL,
	"page" integer NOT NULL,
	"words" jsonb NOT NULL,
	CONSTRAINT "document_ocr_words_document_id_page_pk" PRIMARY KEY("document_id","page")
);
--> statement-breakpoint
ALTER TABLE "document_ocr_words" ADD CONSTRAINT "document_ocr_words_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;