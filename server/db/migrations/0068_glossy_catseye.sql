CREATE TABLE "facebook_connections" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"connected_by" uuid,
	"account_id" text NOT NULL,
	"account_name" text NOT NULL,
	"user_token" text NOT NULL,
	"token_expires_at" timestamp with time zone,
	"token_rejected_at" timestamp with time zone,
	"page_id" text,
	"page_name" text,
	"page_token" text,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "facebook_connections" ADD CONSTRAINT "facebook_connections_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facebook_connections" ADD CONSTRAINT "facebook_connections_connected_by_users_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;