-- Issue 15: every instance keeps signed-in sessions and organization snapshots in memory
-- (db/read-caches.ts), so every change to what they hold must reach every instance. The
-- database says so itself, whichever code path wrote, on channel giro_cache:
--   'u:<user id>'  the user or one of their sessions changed (sessions);
--   'o:<org id>'   something an organization's snapshot shows changed (its row, its members,
--                  its fund, its requests, its ledger);
--   'l:<user id>'  the user's ledger entries changed (their own totals, in any organization);
--   '*'            forget everything (a TRUNCATE, or a session without a user).
-- A session's "last seen" (touched every few minutes) changes nothing a request reads, so it is
-- not announced. NOTIFY is sent at commit, in commit order, once per payload per transaction,
-- and not at all on rollback.
CREATE FUNCTION giro_cache_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('giro_cache', '*');
  ELSIF TG_TABLE_NAME = 'users' THEN
    IF TG_OP <> 'INSERT' THEN
      PERFORM pg_notify('giro_cache', 'u:' || OLD.id);
      IF OLD.family_id IS NOT NULL THEN PERFORM pg_notify('giro_cache', 'o:' || OLD.family_id); END IF;
    END IF;
    IF TG_OP <> 'DELETE' AND NEW.family_id IS NOT NULL THEN
      PERFORM pg_notify('giro_cache', 'o:' || NEW.family_id);
    END IF;
  ELSIF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('giro_cache', coalesce('u:' || OLD.user_id, '*'));
  ELSIF TG_TABLE_NAME = 'organizations' THEN
    PERFORM pg_notify('giro_cache', 'o:' || (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END));
  ELSIF TG_TABLE_NAME = 'ledger_entries' THEN
    IF TG_OP <> 'DELETE' THEN
      IF NEW.organization_id IS NOT NULL THEN PERFORM pg_notify('giro_cache', 'o:' || NEW.organization_id); END IF;
      IF NEW.user_id IS NOT NULL THEN PERFORM pg_notify('giro_cache', 'l:' || NEW.user_id); END IF;
    END IF;
    IF TG_OP <> 'INSERT' THEN
      IF OLD.organization_id IS NOT NULL THEN PERFORM pg_notify('giro_cache', 'o:' || OLD.organization_id); END IF;
      IF OLD.user_id IS NOT NULL THEN PERFORM pg_notify('giro_cache', 'l:' || OLD.user_id); END IF;
    END IF;
  ELSE -- funds, request_states: rows of one organization
    IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('giro_cache', 'o:' || OLD.organization_id); END IF;
    IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('giro_cache', 'o:' || NEW.organization_id); END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_cache AFTER INSERT OR UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION giro_cache_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_cache AFTER DELETE OR UPDATE OF id_hash, user_id, expires_at, data ON sessions
  FOR EACH ROW EXECUTE FUNCTION giro_cache_changed();
--> statement-breakpoint
CREATE TRIGGER organizations_cache AFTER INSERT OR UPDATE OR DELETE ON organizations
  FOR EACH ROW EXECUTE FUNCTION giro_cache_changed();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_cache AFTER INSERT OR UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION giro_cache_changed();
--> statement-breakpoint
CREATE TRIGGER funds_cache AFTER INSERT OR UPDATE OR DELETE ON funds
  FOR EACH ROW EXECUTE FUNCTION giro_cache_changed();
--> statement-breakpoint
CREATE TRIGGER request_states_cache AFTER INSERT OR UPDATE OR DELETE ON request_states
  FOR EACH ROW EXECUTE FUNCTION giro_cache_changed();
--> statement-breakpoint
CREATE TRIGGER users_cache_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION giro_cache_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_cache_truncate AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION giro_cache_changed();
--> statement-breakpoint
CREATE TRIGGER organizations_cache_truncate AFTER TRUNCATE ON organizations
  FOR EACH STATEMENT EXECUTE FUNCTION giro_cache_changed();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_cache_truncate AFTER TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION giro_cache_changed();
--> statement-breakpoint
CREATE TRIGGER funds_cache_truncate AFTER TRUNCATE ON funds
  FOR EACH STATEMENT EXECUTE FUNCTION giro_cache_changed();
--> statement-breakpoint
CREATE TRIGGER request_states_cache_truncate AFTER TRUNCATE ON request_states
  FOR EACH STATEMENT EXECUTE FUNCTION giro_cache_changed();
