-- The domains list's search reads the Unicode form too (src/resources/domains/resource.ts).
-- drizzle-kit changes a generated column by dropping and adding it, which drops its trigram
-- index: the index is made again at the end (added by hand; the snapshot still lists it).
ALTER TABLE "email_domains" drop column "search_text";--> statement-breakpoint
ALTER TABLE "email_domains" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(translate(coalesce("name", '') || ' ' || coalesce("unicode_name", ''), 'àÀáÁâÂãÃäÄåÅāĀăĂąĄçÇćĆčČèÈéÉêÊëËēĒėĖęĘěĚìÌíÍîÎïÏīĪñÑńŃòÒóÓôÔõÕöÖøØōŌùÙúÚûÛüÜūŪůŮýÝÿŸšŠśŚžŽźŹżŻ', 'aaaaaaaaaaaaaaaaaacccccceeeeeeeeeeeeeeeeiiiiiiiiiinnnnoooooooooooooouuuuuuuuuuuuyyyysssszzzzzz'))) STORED;--> statement-breakpoint
CREATE INDEX "email_domains_unicode_name_idx" ON "email_domains" USING btree ("unicode_name");--> statement-breakpoint
CREATE INDEX "email_domains_search_trgm" ON "email_domains" USING gin ("search_text" gin_trgm_ops);
