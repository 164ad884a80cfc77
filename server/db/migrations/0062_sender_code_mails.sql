CREATE TABLE "email_sender_code_mails" (
	"business_id" uuid NOT NULL,
	"address" text NOT NULL,
	"mailed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "email_sender_code_mails_business_id_address_pk" PRIMARY KEY("business_id","address")
);
--> statement-breakpoint
ALTER TABLE "email_sender_code_mails" ADD CONSTRAINT "email_sender_code_mails_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;