-- Issue 15: a fund command writes its fund's row and moves its organization's socket sequence,
-- and 0007's statement triggers compared the old and new rows' counted figures each time: for a
-- fund that meant decoding both states (about 4 KB of jsonb each), though most writes change
-- none of the figures. Updates of funds, organizations and users are now counted by row
-- triggers that fire only when a column their figures read changed. A fund's figures (phase,
-- strikes, debts) are a stored generated column, derived once per write from the new state.
-- Expand only (ADR 0027): an instance of the previous release writes as before, and PostgreSQL
-- derives the figures for it.
--
-- In PL/pgSQL, not SQL: a SQL function that cannot be inlined (this one reads sets) is parsed
-- and planned again at every call, which cost more than the decoding it saves; PL/pgSQL keeps
-- its plan for the connection's life.
CREATE FUNCTION insight_fund_figures(state jsonb) RETURNS jsonb
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  strikes jsonb := CASE WHEN jsonb_typeof(state->'strikes') = 'object' THEN state->'strikes' END;
  debts jsonb := CASE WHEN jsonb_typeof(state->'debts') = 'object' THEN state->'debts' END;
  figures jsonb;
BEGIN
  SELECT jsonb_build_object('phase', coalesce(state->>'phase', ''), 'strikes', s.total,
      'strikeMembers', s.members, 'membersAtRisk', s.at_risk, 'debtMembers', d.members,
      'debtCents', d.total)
  INTO figures
  FROM
    (SELECT coalesce(sum(value::int), 0) AS total, count(*) FILTER (WHERE value::int > 0) AS members,
        count(*) FILTER (WHERE value::int >= 3) AS at_risk
      FROM jsonb_each_text(strikes)) s,
    (SELECT count(*) AS members, coalesce(sum(value::bigint), 0) AS total
      FROM jsonb_each_text(debts) WHERE value::bigint > 0) d;
  RETURN figures;
END
$$;
--> statement-breakpoint
ALTER TABLE "funds" ADD COLUMN "insight_figures" jsonb GENERATED ALWAYS AS (insight_fund_figures(state)) STORED;
--> statement-breakpoint
-- What a fund's figures add to the counters, as 0007's insight_fund_metrics did from its state.
CREATE FUNCTION insight_fund_figure_metrics(figures jsonb, created_at timestamptz)
RETURNS TABLE (name text, label text, day date, value bigint) LANGUAGE sql STABLE AS $$
  SELECT m.name, m.label, (created_at AT TIME ZONE 'UTC')::date, m.value
  FROM (VALUES
    ('funds', figures->>'phase', 1::bigint),
    ('funds.strikes', '', (figures->>'strikes')::bigint),
    ('funds.strike-members', '', (figures->>'strikeMembers')::bigint),
    ('funds.members-at-risk', '', (figures->>'membersAtRisk')::bigint),
    ('funds.debt-members', '', (figures->>'debtMembers')::bigint),
    ('funds.debt-cents', '', (figures->>'debtCents')::bigint)) m(name, label, value)
  WHERE m.value <> 0
$$;
--> statement-breakpoint
-- The insert and delete statement triggers of 0007 keep calling this; it no longer decodes.
CREATE OR REPLACE FUNCTION insight_fund_metrics(f funds)
RETURNS TABLE (name text, label text, day date, value bigint) LANGUAGE sql STABLE AS $$
  SELECT * FROM insight_fund_figure_metrics(f.insight_figures, f.created_at)
$$;
--> statement-breakpoint
CREATE FUNCTION insight_count_fund_figures() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO insight_counter_deltas (name, label, day, value)
  SELECT m.name, m.label, m.day, sum(s.sign * m.value)
  FROM (VALUES (1, NEW.insight_figures, NEW.created_at), (-1, OLD.insight_figures, OLD.created_at))
      s(sign, figures, created_at),
    LATERAL insight_fund_figure_metrics(s.figures, s.created_at) m
  GROUP BY 1, 2, 3 HAVING sum(s.sign * m.value) <> 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER funds_insight_update ON funds;
--> statement-breakpoint
CREATE TRIGGER funds_insight_update AFTER UPDATE ON funds FOR EACH ROW
  WHEN (OLD.insight_figures IS DISTINCT FROM NEW.insight_figures OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION insight_count_fund_figures();
--> statement-breakpoint
-- Organizations and users: the WHEN lists must follow what insight_organization_metrics and
-- insight_user_metrics (0007) read.
CREATE FUNCTION insight_count_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'organizations' THEN
    INSERT INTO insight_counter_deltas (name, label, day, value)
    SELECT m.name, m.label, m.day, sum(s.sign * m.value)
    FROM (VALUES (1, NEW), (-1, OLD)) s(sign, r), LATERAL insight_organization_metrics(s.r) m
    GROUP BY 1, 2, 3 HAVING sum(s.sign * m.value) <> 0;
  ELSE
    INSERT INTO insight_counter_deltas (name, label, day, value)
    SELECT m.name, m.label, m.day, sum(s.sign * m.value)
    FROM (VALUES (1, NEW), (-1, OLD)) s(sign, r), LATERAL insight_user_metrics(s.r) m
    GROUP BY 1, 2, 3 HAVING sum(s.sign * m.value) <> 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER organizations_insight_update ON organizations;
--> statement-breakpoint
CREATE TRIGGER organizations_insight_update AFTER UPDATE ON organizations FOR EACH ROW
  WHEN ((OLD.type, OLD.closed_at, OLD.created_at) IS DISTINCT FROM (NEW.type, NEW.closed_at, NEW.created_at))
  EXECUTE FUNCTION insight_count_row_change();
--> statement-breakpoint
DROP TRIGGER users_insight_update ON users;
--> statement-breakpoint
CREATE TRIGGER users_insight_update AFTER UPDATE ON users FOR EACH ROW
  WHEN ((OLD.created_at, OLD.email_verified_at, OLD.deleted_at, OLD.role)
    IS DISTINCT FROM (NEW.created_at, NEW.email_verified_at, NEW.deleted_at, NEW.role))
  EXECUTE FUNCTION insight_count_row_change();
