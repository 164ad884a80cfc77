-- Every API route applies the subscription guard (server/modules/payments/subscription-gate.ts)
-- from the session the memory of resolved sessions keeps (server/auth/session-cache.ts): a change
-- of what the guard reads has to tell every process too. On users: the three billing columns,
-- besides 0011's. On subscriptions: one bought, stopped or started after the trial (its status),
-- which decides whether a trial's end leaves a subscription running.
DROP TRIGGER "users_auth_changed" ON "users";--> statement-breakpoint
CREATE TRIGGER "users_auth_changed" AFTER UPDATE OF "status", "role", "business_id", "email", "two_factor_enabled", "should_have_subscription", "trial_ends_at", "subscription_active" OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "notify_auth_changed"('id');--> statement-breakpoint
CREATE TRIGGER "subscriptions_auth_changed" AFTER INSERT OR UPDATE OF "status", "user_id" OR DELETE ON "subscriptions" FOR EACH ROW EXECUTE FUNCTION "notify_auth_changed"('user_id');
