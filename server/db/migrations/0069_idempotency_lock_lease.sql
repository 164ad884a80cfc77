ALTER TABLE "idempotency_keys" ADD COLUMN "lease_expires_at" timestamp with time zone;--> statement-breakpoint
-- Added by hand: a route's lock left before leases (scope lock:…) is taken over when its old
-- ten minutes run out, as the server that wrote it would have let it be.
UPDATE "idempotency_keys" SET "lease_expires_at" = "created_at" + interval '10 minutes' WHERE "scope" LIKE 'lock:%' AND "lease_expires_at" IS NULL;
