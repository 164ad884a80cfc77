-- Signed-in requests are answered from a memory of resolved sessions (server/auth/session-cache.ts).
-- Every change that can end or alter a session tells every server process, in the transaction
-- that makes it: NOTIFY 'auth_changed' with the user's id, delivered when it commits.
-- TG_ARGV[0] names the row's user id column.
CREATE FUNCTION "notify_auth_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('auth_changed', json_build_object('userId',
		(CASE WHEN TG_OP = 'INSERT' THEN to_jsonb(NEW) ELSE to_jsonb(OLD) END) ->> TG_ARGV[0])::text);
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_auth_changed" AFTER UPDATE OF "status", "role", "business_id", "email", "two_factor_enabled" OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "notify_auth_changed"('id');--> statement-breakpoint
CREATE TRIGGER "sessions_auth_changed" AFTER UPDATE OF "revoked_at", "expires_at", "user_id" OR DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "notify_auth_changed"('user_id');--> statement-breakpoint
CREATE TRIGGER "two_factor_sessions_auth_changed" AFTER INSERT OR UPDATE OR DELETE ON "two_factor_sessions" FOR EACH ROW EXECUTE FUNCTION "notify_auth_changed"('user_id');
