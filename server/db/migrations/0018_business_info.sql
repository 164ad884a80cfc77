ALTER TABLE "businesses" ADD COLUMN "primary_color" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "secondary_color" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "street" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "city" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "state" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "zip_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "country" text DEFAULT 'US' NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "social_links" jsonb DEFAULT '{}'::jsonb NOT NULL;