CREATE TABLE "insight_counter_deltas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"day" date NOT NULL,
	"value" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insight_counters" (
	"name" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"day" date NOT NULL,
	"value" bigint NOT NULL,
	CONSTRAINT "insight_counters_name_label_day_pk" PRIMARY KEY("name","label","day")
);
--> statement-breakpoint
CREATE TABLE "invite_code_stats" (
	"code" text PRIMARY KEY NOT NULL,
	"organization_id" uuid,
	"tester_invite_id" uuid,
	"visits" integer DEFAULT 0 NOT NULL,
	"registrations" integer DEFAULT 0 NOT NULL,
	"joins" integer DEFAULT 0 NOT NULL,
	"conversions" integer DEFAULT 0 NOT NULL,
	"last_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "invite_code_stats_busiest_idx" ON "invite_code_stats" USING btree ("visits" DESC NULLS LAST,"last_at" DESC NULLS LAST);
--> statement-breakpoint
-- What each counted row adds to the insight counters: (name, label, UTC day, value). A row's
-- contribution depends on that row alone, so a statement's change is what its new rows add
-- minus what its old rows did.
CREATE FUNCTION insight_user_metrics(u users)
RETURNS TABLE (name text, label text, day date, value bigint) LANGUAGE sql STABLE AS $$
  SELECT m.name, '', (u.created_at AT TIME ZONE 'UTC')::date, 1::bigint
  FROM (VALUES
    ('users', true),
    ('users.verified', u.email_verified_at IS NOT NULL AND u.deleted_at IS NULL),
    ('users.admins', u.role = 'admin' AND u.deleted_at IS NULL),
    ('users.deleted', u.deleted_at IS NOT NULL)) m(name, counted)
  WHERE m.counted
$$;
--> statement-breakpoint
CREATE FUNCTION insight_organization_metrics(o organizations)
RETURNS TABLE (name text, label text, day date, value bigint) LANGUAGE sql STABLE AS $$
  SELECT m.name, o.type, (o.created_at AT TIME ZONE 'UTC')::date, 1::bigint
  FROM (VALUES ('organizations', true), ('organizations.open', o.closed_at IS NULL)) m(name, counted)
  WHERE m.counted
$$;
--> statement-breakpoint
-- A fund's phase, and the strikes and debts its state holds now (they persist across cycles).
CREATE FUNCTION insight_fund_metrics(f funds)
RETURNS TABLE (name text, label text, day date, value bigint) LANGUAGE sql STABLE AS $$
  SELECT m.name, m.label, (f.created_at AT TIME ZONE 'UTC')::date, m.value
  FROM
    (SELECT sum(value::int) AS total, count(*) FILTER (WHERE value::int > 0) AS members,
        count(*) FILTER (WHERE value::int >= 3) AS at_risk
      FROM jsonb_each_text(CASE WHEN jsonb_typeof(f.state->'strikes') = 'object' THEN f.state->'strikes' END)) s,
    (SELECT count(*) AS members, sum(value::bigint) AS total
      FROM jsonb_each_text(CASE WHEN jsonb_typeof(f.state->'debts') = 'object' THEN f.state->'debts' END)
      WHERE value::bigint > 0) d,
    LATERAL (VALUES
      ('funds', coalesce(f.state->>'phase', ''), 1::bigint),
      ('funds.strikes', '', s.total),
      ('funds.strike-members', '', s.members),
      ('funds.members-at-risk', '', s.at_risk),
      ('funds.debt-members', '', d.members),
      ('funds.debt-cents', '', d.total)) m(name, label, value)
  WHERE m.value <> 0
$$;
--> statement-breakpoint
-- Events by type; expulsions decided by a vote; completed cycles' lengths (created → completed).
CREATE FUNCTION insight_fund_event_metrics(e fund_events)
RETURNS TABLE (name text, label text, day date, value bigint) LANGUAGE sql STABLE AS $$
  SELECT m.name, m.label, (e.at AT TIME ZONE 'UTC')::date, m.value
  FROM (SELECT CASE WHEN e.type = 'CycleCompleted' THEN
      (e.payload->'history'->>'completedAt')::bigint - (e.payload->'history'->>'createdAt')::bigint END AS ms) c,
    LATERAL (VALUES
      ('fund-events', e.type, 1::bigint),
      ('fund-events.expelled-by-vote', '',
        CASE WHEN e.type = 'MemberExpelled' AND e.payload->>'voteId' IS NOT NULL THEN 1 END),
      ('fund-events.cycle-ms', '', c.ms),
      ('fund-events.cycles-measured', '', CASE WHEN c.ms IS NOT NULL THEN 1 END)) m(name, label, value)
  WHERE m.value IS NOT NULL
$$;
--> statement-breakpoint
-- Money from the ledger (domain.md, Money), on the day its transaction was booked: moved is what
-- members gave net of refunds; paid out, fees, refunded, and what is still in escrow.
CREATE FUNCTION insight_ledger_metrics(e ledger_entries)
RETURNS TABLE (name text, label text, day date, value bigint) LANGUAGE sql STABLE AS $$
  SELECT m.name, '', (t.created_at AT TIME ZONE 'UTC')::date, m.value
  FROM ledger_transactions t,
    LATERAL (VALUES
      ('ledger.moved', CASE WHEN e.account LIKE 'funding:%' OR e.account LIKE 'refunds:%' THEN -e.amount_cents END),
      ('ledger.paid-out', CASE WHEN e.account LIKE 'payout:%' THEN e.amount_cents END),
      ('ledger.fees', CASE WHEN e.account = 'platform:fees' THEN e.amount_cents END),
      ('ledger.refunded', CASE WHEN e.account LIKE 'refunds:%' THEN e.amount_cents END),
      ('ledger.escrow', CASE WHEN e.account LIKE 'round-escrow:%' OR e.account LIKE 'request-escrow:%'
        THEN e.amount_cents END)) m(name, value)
  WHERE t.id = e.transaction_id AND m.value <> 0
$$;
--> statement-breakpoint
-- The invite funnel by day (issued and revoked rows only date a tester invite's life).
CREATE FUNCTION insight_invite_event_metrics(e invite_events)
RETURNS TABLE (name text, label text, day date, value bigint) LANGUAGE sql STABLE AS $$
  SELECT 'invites', e.kind, (e.created_at AT TIME ZONE 'UTC')::date, 1::bigint
  WHERE e.kind IN ('visit', 'registration', 'join', 'conversion')
$$;
--> statement-breakpoint
-- Statement triggers: each appends its statement's net change per counter, in the writer's
-- transaction. Appending takes no lock another writer waits for, and a statement that changes
-- no counted figure (most updates) appends nothing. A transition table's rows are anonymous
-- records: ROW(r.*) gives them the table's type back.
CREATE FUNCTION insight_count_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO insight_counter_deltas (name, label, day, value)
    SELECT m.name, m.label, m.day, sum(m.value) FROM new_rows r, LATERAL insight_user_metrics(ROW(r.*)::users) m
    GROUP BY 1, 2, 3 HAVING sum(m.value) <> 0;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO insight_counter_deltas (name, label, day, value)
    SELECT m.name, m.label, m.day, -sum(m.value) FROM old_rows r, LATERAL insight_user_metrics(ROW(r.*)::users) m
    GROUP BY 1, 2, 3 HAVING -sum(m.value) <> 0;
  ELSE
    INSERT INTO insight_counter_deltas (name, label, day, value)
    SELECT m.name, m.label, m.day, sum(s.sign * m.value) FROM (SELECT 1, ROW(r.*)::users FROM new_rows r
      UNION ALL SELECT -1, ROW(r.*)::users FROM old_rows r) s(sign, r), LATERAL insight_user_metrics(s.r) m
    GROUP BY 1, 2, 3 HAVING sum(s.sign * m.value) <> 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION insight_count_organizations() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO insight_counter_deltas (name, label, day, value)
    SELECT m.name, m.label, m.day, sum(m.value) FROM new_rows r, LATERAL insight_organization_metrics(ROW(r.*)::organizations) m
    GROUP BY 1, 2, 3 HAVING sum(m.value) <> 0;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO insight_counter_deltas (name, label, day, value)
    SELECT m.name, m.label, m.day, -sum(m.value) FROM old_rows r, LATERAL insight_organization_metrics(ROW(r.*)::organizations) m
    GROUP BY 1, 2, 3 HAVING -sum(m.value) <> 0;
  ELSE
    INSERT INTO insight_counter_deltas (name, label, day, value)
    SELECT m.name, m.label, m.day, sum(s.sign * m.value) FROM (SELECT 1, ROW(r.*)::organizations FROM new_rows r
      UNION ALL SELECT -1, ROW(r.*)::organizations FROM old_rows r) s(sign, r), LATERAL insight_organization_metrics(s.r) m
    GROUP BY 1, 2, 3 HAVING sum(s.sign * m.value) <> 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION insight_count_funds() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO insight_counter_deltas (name, label, day, value)
    SELECT m.name, m.label, m.day, sum(m.value) FROM new_rows r, LATERAL insight_fund_metrics(ROW(r.*)::funds) m
    GROUP BY 1, 2, 3 HAVING sum(m.value) <> 0;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO insight_counter_deltas (name, label, day, value)
    SELECT m.name, m.label, m.day, -sum(m.value) FROM old_rows r, LATERAL insight_fund_metrics(ROW(r.*)::funds) m
    GROUP BY 1, 2, 3 HAVING -sum(m.value) <> 0;
  ELSE
    INSERT INTO insight_counter_deltas (name, label, day, value)
    SELECT m.name, m.label, m.day, sum(s.sign * m.value) FROM (SELECT 1, ROW(r.*)::funds FROM new_rows r
      UNION ALL SELECT -1, ROW(r.*)::funds FROM old_rows r) s(sign, r), LATERAL insight_fund_metrics(s.r) m
    GROUP BY 1, 2, 3 HAVING sum(s.sign * m.value) <> 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Fund events, ledger entries and invite events are append-only: only inserts change their counts.
--
-- Contributions made late: misses (an emergency vote opened about the member) followed by the
-- member's payment before the next round started. A fund's events are written in order under
-- its row lock, so the statement's events of a fund come after all its earlier ones: a miss
-- becomes late when its first payment is among them. Only misses of the fund's current round
-- (since its last earlier RoundStarted) can be.
CREATE FUNCTION insight_count_fund_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO insight_counter_deltas (name, label, day, value)
  SELECT m.name, m.label, m.day, sum(m.value) FROM new_rows r, LATERAL insight_fund_event_metrics(ROW(r.*)::fund_events) m
  GROUP BY 1, 2, 3 HAVING sum(m.value) <> 0;
  INSERT INTO insight_counter_deltas (name, label, day, value)
  SELECT 'fund-events.late', '', (m.at AT TIME ZONE 'UTC')::date, count(*)
  FROM (SELECT fund_id, min(id) AS first_new FROM new_rows GROUP BY fund_id
      HAVING bool_or(type = 'ContributionMade')) f
    CROSS JOIN LATERAL (SELECT coalesce(max(r.id), 0) AS round_start FROM fund_events r
      WHERE r.type = 'RoundStarted' AND r.fund_id = f.fund_id AND r.id < f.first_new) cr
    JOIN fund_events m ON m.type = 'ContributionMissed' AND m.fund_id = f.fund_id AND m.id > cr.round_start
    CROSS JOIN LATERAL (SELECT min(r.id) AS next_round FROM fund_events r
      WHERE r.type = 'RoundStarted' AND r.fund_id = m.fund_id AND r.id > m.id) nr
    CROSS JOIN LATERAL (SELECT min(c.id) AS first_paid FROM fund_events c
      WHERE c.type = 'ContributionMade' AND c.fund_id = m.fund_id AND c.id > m.id
        AND (nr.next_round IS NULL OR c.id < nr.next_round)
        AND c.payload->'contribution'->>'contributorId' = m.payload->>'memberId') p
  WHERE p.first_paid >= f.first_new
  GROUP BY 3;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION insight_count_ledger_entries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO insight_counter_deltas (name, label, day, value)
  SELECT m.name, m.label, m.day, sum(m.value) FROM new_rows r, LATERAL insight_ledger_metrics(ROW(r.*)::ledger_entries) m
  GROUP BY 1, 2, 3 HAVING sum(m.value) <> 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The funnel by day, and by code (invite_code_stats, upserted in code order).
CREATE FUNCTION insight_count_invite_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO insight_counter_deltas (name, label, day, value)
  SELECT m.name, m.label, m.day, sum(m.value) FROM new_rows r, LATERAL insight_invite_event_metrics(ROW(r.*)::invite_events) m
  GROUP BY 1, 2, 3 HAVING sum(m.value) <> 0;
  INSERT INTO invite_code_stats AS s
    (code, organization_id, tester_invite_id, visits, registrations, joins, conversions, last_at)
  SELECT code, max(organization_id::text)::uuid, max(tester_invite_id::text)::uuid,
    count(*) FILTER (WHERE kind = 'visit'), count(*) FILTER (WHERE kind = 'registration'),
    count(*) FILTER (WHERE kind = 'join'), count(*) FILTER (WHERE kind = 'conversion'), max(created_at)
  FROM new_rows WHERE kind IN ('visit', 'registration', 'join', 'conversion')
  GROUP BY code ORDER BY code
  ON CONFLICT (code) DO UPDATE SET
    organization_id = greatest(s.organization_id::text, excluded.organization_id::text)::uuid,
    tester_invite_id = greatest(s.tester_invite_id::text, excluded.tester_invite_id::text)::uuid,
    visits = s.visits + excluded.visits,
    registrations = s.registrations + excluded.registrations,
    joins = s.joins + excluded.joins,
    conversions = s.conversions + excluded.conversions,
    last_at = greatest(s.last_at, excluded.last_at);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- What is already there, counted as the triggers will count from now on (in this migration's
-- transaction: no write falls between the two).
INSERT INTO insight_counters (name, label, day, value)
SELECT name, label, day, sum(value) FROM (
  SELECT m.* FROM users r, LATERAL insight_user_metrics(r) m
  UNION ALL SELECT m.* FROM organizations r, LATERAL insight_organization_metrics(r) m
  UNION ALL SELECT m.* FROM funds r, LATERAL insight_fund_metrics(r) m
  UNION ALL SELECT m.* FROM fund_events r, LATERAL insight_fund_event_metrics(r) m
  UNION ALL SELECT m.* FROM ledger_entries r, LATERAL insight_ledger_metrics(r) m
  UNION ALL SELECT m.* FROM invite_events r, LATERAL insight_invite_event_metrics(r) m
  UNION ALL SELECT 'fund-events.late', '', (m.at AT TIME ZONE 'UTC')::date, 1
    FROM fund_events m
    CROSS JOIN LATERAL (SELECT min(r.id) AS next_round FROM fund_events r
      WHERE r.type = 'RoundStarted' AND r.fund_id = m.fund_id AND r.id > m.id) nr
    WHERE m.type = 'ContributionMissed' AND EXISTS (SELECT 1 FROM fund_events c
      WHERE c.type = 'ContributionMade' AND c.fund_id = m.fund_id AND c.id > m.id
        AND (nr.next_round IS NULL OR c.id < nr.next_round)
        AND c.payload->'contribution'->>'contributorId' = m.payload->>'memberId')
) counted
GROUP BY 1, 2, 3 HAVING sum(value) <> 0;
--> statement-breakpoint
INSERT INTO invite_code_stats
  (code, organization_id, tester_invite_id, visits, registrations, joins, conversions, last_at)
SELECT code, max(organization_id::text)::uuid, max(tester_invite_id::text)::uuid,
  count(*) FILTER (WHERE kind = 'visit'), count(*) FILTER (WHERE kind = 'registration'),
  count(*) FILTER (WHERE kind = 'join'), count(*) FILTER (WHERE kind = 'conversion'), max(created_at)
FROM invite_events WHERE kind IN ('visit', 'registration', 'join', 'conversion')
GROUP BY code;
--> statement-breakpoint
CREATE TRIGGER users_insight_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION insight_count_users();
--> statement-breakpoint
CREATE TRIGGER users_insight_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION insight_count_users();
--> statement-breakpoint
CREATE TRIGGER users_insight_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION insight_count_users();
--> statement-breakpoint
CREATE TRIGGER organizations_insight_insert AFTER INSERT ON organizations REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION insight_count_organizations();
--> statement-breakpoint
CREATE TRIGGER organizations_insight_update AFTER UPDATE ON organizations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION insight_count_organizations();
--> statement-breakpoint
CREATE TRIGGER organizations_insight_delete AFTER DELETE ON organizations REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION insight_count_organizations();
--> statement-breakpoint
CREATE TRIGGER funds_insight_insert AFTER INSERT ON funds REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION insight_count_funds();
--> statement-breakpoint
CREATE TRIGGER funds_insight_update AFTER UPDATE ON funds
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION insight_count_funds();
--> statement-breakpoint
CREATE TRIGGER funds_insight_delete AFTER DELETE ON funds REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION insight_count_funds();
--> statement-breakpoint
CREATE TRIGGER fund_events_insight_insert AFTER INSERT ON fund_events REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION insight_count_fund_events();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_insight_insert AFTER INSERT ON ledger_entries REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION insight_count_ledger_entries();
--> statement-breakpoint
CREATE TRIGGER invite_events_insight_insert AFTER INSERT ON invite_events REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION insight_count_invite_events();
