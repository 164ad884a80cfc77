DROP INDEX "ws_templates_business_name_key";--> statement-breakpoint
DROP INDEX "ws_templates_platform_name_key";--> statement-breakpoint
CREATE UNIQUE INDEX "ws_templates_business_name_language_key" ON "ws_templates" USING btree ("business_id",lower("name"),"language") WHERE "ws_templates"."business_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ws_templates_platform_name_language_key" ON "ws_templates" USING btree (lower("name"),"language") WHERE "ws_templates"."business_id" is null;