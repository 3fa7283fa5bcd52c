-- Issue 15: every instance keeps signed-in sessions in memory (db/session-cache.ts), so a
-- change to what a session signs in must reach every instance. The database says so itself,
-- whichever code path wrote: a changed or removed user names its id, a removed or re-keyed
-- session names its user ('*' when it has none), a TRUNCATE says '*' (forget everything).
-- A session's "last seen" (touched every few minutes) changes nothing a request reads, so it is
-- not announced. NOTIFY is sent at commit, in commit order, and not at all on rollback.
CREATE FUNCTION giro_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('giro_sessions', '*');
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('giro_sessions', OLD.id::text);
  ELSE
    PERFORM pg_notify('giro_sessions', coalesce(OLD.user_id::text, '*'));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_session_cache AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION giro_session_changed();
--> statement-breakpoint
CREATE TRIGGER users_session_cache_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION giro_session_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_session_cache AFTER DELETE OR UPDATE OF id_hash, user_id, expires_at, data ON sessions
  FOR EACH ROW EXECUTE FUNCTION giro_session_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_session_cache_truncate AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION giro_session_changed();
