-- The search columns are folded now (lower case and accents off, server/db/folded-like.ts).
-- drizzle-kit changes a generated column by dropping and adding it, which drops its trigram
-- index: the indexes are made again below (added by hand; the snapshot still lists them).
ALTER TABLE "users" drop column "search_text";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(translate(coalesce("email", '') || ' ' || coalesce("first_name", '') || ' ' || coalesce("last_name", '') || ' ' || coalesce("name", ''), 'àÀáÁâÂãÃäÄåÅāĀăĂąĄçÇćĆčČèÈéÉêÊëËēĒėĖęĘěĚìÌíÍîÎïÏīĪñÑńŃòÒóÓôÔõÕöÖøØōŌùÙúÚûÛüÜūŪůŮýÝÿŸšŠśŚžŽźŹżŻ', 'aaaaaaaaaaaaaaaaaacccccceeeeeeeeeeeeeeeeiiiiiiiiiinnnnoooooooooooooouuuuuuuuuuuuyyyysssszzzzzz'))) STORED;--> statement-breakpoint
ALTER TABLE "companies" drop column "search_text";--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(translate(coalesce("name", ''), 'àÀáÁâÂãÃäÄåÅāĀăĂąĄçÇćĆčČèÈéÉêÊëËēĒėĖęĘěĚìÌíÍîÎïÏīĪñÑńŃòÒóÓôÔõÕöÖøØōŌùÙúÚûÛüÜūŪůŮýÝÿŸšŠśŚžŽźŹżŻ', 'aaaaaaaaaaaaaaaaaacccccceeeeeeeeeeeeeeeeiiiiiiiiiinnnnoooooooooooooouuuuuuuuuuuuyyyysssszzzzzz'))) STORED;--> statement-breakpoint
ALTER TABLE "contacts" drop column "search_text";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(translate(coalesce("full_name", '') || ' ' || coalesce("email", ''), 'àÀáÁâÂãÃäÄåÅāĀăĂąĄçÇćĆčČèÈéÉêÊëËēĒėĖęĘěĚìÌíÍîÎïÏīĪñÑńŃòÒóÓôÔõÕöÖøØōŌùÙúÚûÛüÜūŪůŮýÝÿŸšŠśŚžŽźŹżŻ', 'aaaaaaaaaaaaaaaaaacccccceeeeeeeeeeeeeeeeiiiiiiiiiinnnnoooooooooooooouuuuuuuuuuuuyyyysssszzzzzz'))) STORED;--> statement-breakpoint
ALTER TABLE "fleet_customers" drop column "search_text";--> statement-breakpoint
ALTER TABLE "fleet_customers" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(translate(coalesce("name", '') || ' ' || coalesce("contact_name", '') || ' ' || coalesce("email", '') || ' ' || coalesce("city", ''), 'àÀáÁâÂãÃäÄåÅāĀăĂąĄçÇćĆčČèÈéÉêÊëËēĒėĖęĘěĚìÌíÍîÎïÏīĪñÑńŃòÒóÓôÔõÕöÖøØōŌùÙúÚûÛüÜūŪůŮýÝÿŸšŠśŚžŽźŹżŻ', 'aaaaaaaaaaaaaaaaaacccccceeeeeeeeeeeeeeeeiiiiiiiiiinnnnoooooooooooooouuuuuuuuuuuuyyyysssszzzzzz'))) STORED;--> statement-breakpoint
ALTER TABLE "deals" drop column "search_text";--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(translate(coalesce("title", ''), 'àÀáÁâÂãÃäÄåÅāĀăĂąĄçÇćĆčČèÈéÉêÊëËēĒėĖęĘěĚìÌíÍîÎïÏīĪñÑńŃòÒóÓôÔõÕöÖøØōŌùÙúÚûÛüÜūŪůŮýÝÿŸšŠśŚžŽźŹżŻ', 'aaaaaaaaaaaaaaaaaacccccceeeeeeeeeeeeeeeeiiiiiiiiiinnnnoooooooooooooouuuuuuuuuuuuyyyysssszzzzzz'))) STORED;--> statement-breakpoint
ALTER TABLE "email_domains" drop column "search_text";--> statement-breakpoint
ALTER TABLE "email_domains" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(translate(coalesce("name", ''), 'àÀáÁâÂãÃäÄåÅāĀăĂąĄçÇćĆčČèÈéÉêÊëËēĒėĖęĘěĚìÌíÍîÎïÏīĪñÑńŃòÒóÓôÔõÕöÖøØōŌùÙúÚûÛüÜūŪůŮýÝÿŸšŠśŚžŽźŹżŻ', 'aaaaaaaaaaaaaaaaaacccccceeeeeeeeeeeeeeeeiiiiiiiiiinnnnoooooooooooooouuuuuuuuuuuuyyyysssszzzzzz'))) STORED;--> statement-breakpoint
ALTER TABLE "email_events" drop column "search_text";--> statement-breakpoint
ALTER TABLE "email_events" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(translate(coalesce("recipient", '') || ' ' || coalesce("subject", ''), 'àÀáÁâÂãÃäÄåÅāĀăĂąĄçÇćĆčČèÈéÉêÊëËēĒėĖęĘěĚìÌíÍîÎïÏīĪñÑńŃòÒóÓôÔõÕöÖøØōŌùÙúÚûÛüÜūŪůŮýÝÿŸšŠśŚžŽźŹżŻ', 'aaaaaaaaaaaaaaaaaacccccceeeeeeeeeeeeeeeeiiiiiiiiiinnnnoooooooooooooouuuuuuuuuuuuyyyysssszzzzzz'))) STORED;--> statement-breakpoint
ALTER TABLE "fleet_employees" drop column "search_text";--> statement-breakpoint
ALTER TABLE "fleet_employees" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(translate(coalesce("last_name", '') || ' ' || coalesce("first_name", '') || ' ' || coalesce("email", '') || ' ' || coalesce("licence_number", ''), 'àÀáÁâÂãÃäÄåÅāĀăĂąĄçÇćĆčČèÈéÉêÊëËēĒėĖęĘěĚìÌíÍîÎïÏīĪñÑńŃòÒóÓôÔõÕöÖøØōŌùÙúÚûÛüÜūŪůŮýÝÿŸšŠśŚžŽźŹżŻ', 'aaaaaaaaaaaaaaaaaacccccceeeeeeeeeeeeeeeeiiiiiiiiiinnnnoooooooooooooouuuuuuuuuuuuyyyysssszzzzzz'))) STORED;--> statement-breakpoint
ALTER TABLE "mover_invoices" drop column "search_text";--> statement-breakpoint
ALTER TABLE "mover_invoices" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(translate(coalesce("number", '') || ' ' || coalesce("customer_name", '') || ' ' || coalesce("customer_email", ''), 'àÀáÁâÂãÃäÄåÅāĀăĂąĄçÇćĆčČèÈéÉêÊëËēĒėĖęĘěĚìÌíÍîÎïÏīĪñÑńŃòÒóÓôÔõÕöÖøØōŌùÙúÚûÛüÜūŪůŮýÝÿŸšŠśŚžŽźŹżŻ', 'aaaaaaaaaaaaaaaaaacccccceeeeeeeeeeeeeeeeiiiiiiiiiinnnnoooooooooooooouuuuuuuuuuuuyyyysssszzzzzz'))) STORED;--> statement-breakpoint
ALTER TABLE "markets" drop column "search_text";--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(translate(coalesce("symbol", '') || ' ' || coalesce("name", ''), 'àÀáÁâÂãÃäÄåÅāĀăĂąĄçÇćĆčČèÈéÉêÊëËēĒėĖęĘěĚìÌíÍîÎïÏīĪñÑńŃòÒóÓôÔõÕöÖøØōŌùÙúÚûÛüÜūŪůŮýÝÿŸšŠśŚžŽźŹżŻ', 'aaaaaaaaaaaaaaaaaacccccceeeeeeeeeeeeeeeeiiiiiiiiiinnnnoooooooooooooouuuuuuuuuuuuyyyysssszzzzzz'))) STORED;--> statement-breakpoint
ALTER TABLE "catalogue_items" drop column "search_text";--> statement-breakpoint
ALTER TABLE "catalogue_items" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(translate(coalesce("name", ''), 'àÀáÁâÂãÃäÄåÅāĀăĂąĄçÇćĆčČèÈéÉêÊëËēĒėĖęĘěĚìÌíÍîÎïÏīĪñÑńŃòÒóÓôÔõÕöÖøØōŌùÙúÚûÛüÜūŪůŮýÝÿŸšŠśŚžŽźŹżŻ', 'aaaaaaaaaaaaaaaaaacccccceeeeeeeeeeeeeeeeiiiiiiiiiinnnnoooooooooooooouuuuuuuuuuuuyyyysssszzzzzz'))) STORED;--> statement-breakpoint
ALTER TABLE "mover_quotes" drop column "search_text";--> statement-breakpoint
ALTER TABLE "mover_quotes" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(translate(coalesce("number", '') || ' ' || coalesce("customer_name", '') || ' ' || coalesce("customer_email", ''), 'àÀáÁâÂãÃäÄåÅāĀăĂąĄçÇćĆčČèÈéÉêÊëËēĒėĖęĘěĚìÌíÍîÎïÏīĪñÑńŃòÒóÓôÔõÕöÖøØōŌùÙúÚûÛüÜūŪůŮýÝÿŸšŠśŚžŽźŹżŻ', 'aaaaaaaaaaaaaaaaaacccccceeeeeeeeeeeeeeeeiiiiiiiiiinnnnoooooooooooooouuuuuuuuuuuuyyyysssszzzzzz'))) STORED;--> statement-breakpoint
ALTER TABLE "fleet_reports" drop column "search_text";--> statement-breakpoint
ALTER TABLE "fleet_reports" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(translate(coalesce("title", ''), 'àÀáÁâÂãÃäÄåÅāĀăĂąĄçÇćĆčČèÈéÉêÊëËēĒėĖęĘěĚìÌíÍîÎïÏīĪñÑńŃòÒóÓôÔõÕöÖøØōŌùÙúÚûÛüÜūŪůŮýÝÿŸšŠśŚžŽźŹżŻ', 'aaaaaaaaaaaaaaaaaacccccceeeeeeeeeeeeeeeeiiiiiiiiiinnnnoooooooooooooouuuuuuuuuuuuyyyysssszzzzzz'))) STORED;--> statement-breakpoint
ALTER TABLE "roles" drop column "search_text";--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(translate(coalesce("name", ''), 'àÀáÁâÂãÃäÄåÅāĀăĂąĄçÇćĆčČèÈéÉêÊëËēĒėĖęĘěĚìÌíÍîÎïÏīĪñÑńŃòÒóÓôÔõÕöÖøØōŌùÙúÚûÛüÜūŪůŮýÝÿŸšŠśŚžŽźŹżŻ', 'aaaaaaaaaaaaaaaaaacccccceeeeeeeeeeeeeeeeiiiiiiiiiinnnnoooooooooooooouuuuuuuuuuuuyyyysssszzzzzz'))) STORED;--> statement-breakpoint
ALTER TABLE "email_senders" drop column "search_text";--> statement-breakpoint
ALTER TABLE "email_senders" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(translate(coalesce("display_name", '') || ' ' || coalesce("address", ''), 'àÀáÁâÂãÃäÄåÅāĀăĂąĄçÇćĆčČèÈéÉêÊëËēĒėĖęĘěĚìÌíÍîÎïÏīĪñÑńŃòÒóÓôÔõÕöÖøØōŌùÙúÚûÛüÜūŪůŮýÝÿŸšŠśŚžŽźŹżŻ', 'aaaaaaaaaaaaaaaaaacccccceeeeeeeeeeeeeeeeiiiiiiiiiinnnnoooooooooooooouuuuuuuuuuuuyyyysssszzzzzz'))) STORED;--> statement-breakpoint
ALTER TABLE "fleet_service_tickets" drop column "search_text";--> statement-breakpoint
ALTER TABLE "fleet_service_tickets" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(translate(coalesce("title", '') || ' ' || coalesce("address", ''), 'àÀáÁâÂãÃäÄåÅāĀăĂąĄçÇćĆčČèÈéÉêÊëËēĒėĖęĘěĚìÌíÍîÎïÏīĪñÑńŃòÒóÓôÔõÕöÖøØōŌùÙúÚûÛüÜūŪůŮýÝÿŸšŠśŚžŽźŹżŻ', 'aaaaaaaaaaaaaaaaaacccccceeeeeeeeeeeeeeeeiiiiiiiiiinnnnoooooooooooooouuuuuuuuuuuuyyyysssszzzzzz'))) STORED;--> statement-breakpoint
ALTER TABLE "tasks" drop column "search_text";--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(translate(coalesce("title", ''), 'àÀáÁâÂãÃäÄåÅāĀăĂąĄçÇćĆčČèÈéÉêÊëËēĒėĖęĘěĚìÌíÍîÎïÏīĪñÑńŃòÒóÓôÔõÕöÖøØōŌùÙúÚûÛüÜūŪůŮýÝÿŸšŠśŚžŽźŹżŻ', 'aaaaaaaaaaaaaaaaaacccccceeeeeeeeeeeeeeeeiiiiiiiiiinnnnoooooooooooooouuuuuuuuuuuuyyyysssszzzzzz'))) STORED;--> statement-breakpoint
ALTER TABLE "venues" drop column "search_text";--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(translate(coalesce("name", '') || ' ' || coalesce("address", '') || ' ' || coalesce("city", ''), 'àÀáÁâÂãÃäÄåÅāĀăĂąĄçÇćĆčČèÈéÉêÊëËēĒėĖęĘěĚìÌíÍîÎïÏīĪñÑńŃòÒóÓôÔõÕöÖøØōŌùÙúÚûÛüÜūŪůŮýÝÿŸšŠśŚžŽźŹżŻ', 'aaaaaaaaaaaaaaaaaacccccceeeeeeeeeeeeeeeeiiiiiiiiiinnnnoooooooooooooouuuuuuuuuuuuyyyysssszzzzzz'))) STORED;--> statement-breakpoint
CREATE INDEX "users_search_trgm" ON "users" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_search_trgm" ON "companies" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_search_trgm" ON "contacts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "fleet_customers_search_trgm" ON "fleet_customers" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "deals_search_trgm" ON "deals" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "email_domains_search_trgm" ON "email_domains" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "email_events_search_trgm" ON "email_events" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "fleet_employees_search_trgm" ON "fleet_employees" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "mover_invoices_search_trgm" ON "mover_invoices" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "markets_search_trgm" ON "markets" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "catalogue_items_search_trgm" ON "catalogue_items" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "mover_quotes_search_trgm" ON "mover_quotes" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "fleet_reports_search_trgm" ON "fleet_reports" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "roles_search_trgm" ON "roles" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "email_senders_search_trgm" ON "email_senders" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "fleet_service_tickets_search_trgm" ON "fleet_service_tickets" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tasks_search_trgm" ON "tasks" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "venues_search_trgm" ON "venues" USING gin ("search_text" gin_trgm_ops);
