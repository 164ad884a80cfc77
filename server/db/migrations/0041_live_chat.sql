CREATE TABLE "chat_bots" (
	"domain_id" uuid PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
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
CREATE TABLE "chat_conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"domain_id" uuid NOT NULL,
	"visitor_id" uuid NOT NULL,
	"visitor_name" text DEFAULT '' NOT NULL,
	"visitor_ip" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'bot' NOT NULL,
	"member_id" uuid,
	"last_seq" integer DEFAULT 0 NOT NULL,
	"read_seq" integer DEFAULT 0 NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_filter_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"domain_id" uuid NOT NULL,
	"question" text NOT NULL,
	"choices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"to_person" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_helpdesk" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"domain_id" uuid NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"conversation_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"author" text NOT NULL,
	"author_id" uuid,
	"author_name" text DEFAULT '' NOT NULL,
	"text" text NOT NULL,
	"unsure" boolean DEFAULT false NOT NULL,
	"citation" jsonb,
	"event" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_messages_conversation_id_seq_pk" PRIMARY KEY("conversation_id","seq")
);
--> statement-breakpoint
ALTER TABLE "chat_bots" ADD CONSTRAINT "chat_bots_domain_id_email_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."email_domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_bots" ADD CONSTRAINT "chat_bots_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_domain_id_email_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."email_domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_filter_questions" ADD CONSTRAINT "chat_filter_questions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_filter_questions" ADD CONSTRAINT "chat_filter_questions_domain_id_email_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."email_domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_helpdesk" ADD CONSTRAINT "chat_helpdesk_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_helpdesk" ADD CONSTRAINT "chat_helpdesk_domain_id_email_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."email_domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_conversations_inbox_idx" ON "chat_conversations" USING btree ("business_id","domain_id","last_message_at");--> statement-breakpoint
CREATE INDEX "chat_conversations_visitor_idx" ON "chat_conversations" USING btree ("visitor_id");--> statement-breakpoint
CREATE INDEX "chat_conversations_ip_idx" ON "chat_conversations" USING btree ("visitor_ip","last_message_at");--> statement-breakpoint
CREATE INDEX "chat_filter_questions_domain_idx" ON "chat_filter_questions" USING btree ("domain_id","created_at");--> statement-breakpoint
CREATE INDEX "chat_helpdesk_domain_idx" ON "chat_helpdesk" USING btree ("domain_id","created_at");--> statement-breakpoint
CREATE INDEX "chat_messages_time_idx" ON "chat_messages" USING btree ("created_at");