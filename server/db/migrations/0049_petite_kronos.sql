CREATE TABLE "email_template_images" (
	"name" text PRIMARY KEY NOT NULL,
	"business_id" uuid,
	"bytes" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_template_images" ADD CONSTRAINT "email_template_images_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_template_images" ADD CONSTRAINT "email_template_images_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_template_images_business_idx" ON "email_template_images" USING btree ("business_id","created_at");