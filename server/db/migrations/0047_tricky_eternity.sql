CREATE TABLE "chat_platform_bot" (
	"id" text PRIMARY KEY DEFAULT 'platform' NOT NULL,
	"name" text NOT NULL,
	"greeting" text DEFAULT '' NOT NULL,
	"avatar_file" text,
	"system_prompt" text DEFAULT '' NOT NULL,
	"use_documents" boolean DEFAULT false NOT NULL,
	"tone" text DEFAULT 'friendly' NOT NULL,
	"answer_length" text DEFAULT 'medium' NOT NULL,
	"temperature" double precision DEFAULT 0.3 NOT NULL,
	"handover" text DEFAULT 'whenUnsure' NOT NULL,
	"cap_per_session" integer DEFAULT 50 NOT NULL,
	"cap_per_day" integer DEFAULT 200 NOT NULL,
	"cap_per_ip" integer DEFAULT 1000 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_conversations" ALTER COLUMN "domain_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_helpdesk" ALTER COLUMN "business_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_helpdesk" ALTER COLUMN "domain_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD COLUMN "ticket_id" uuid;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_conversations_user_idx" ON "chat_conversations" USING btree ("user_id","business_id");--> statement-breakpoint
CREATE INDEX "chat_conversations_support_idx" ON "chat_conversations" USING btree ("last_message_at") WHERE "chat_conversations"."domain_id" is null;