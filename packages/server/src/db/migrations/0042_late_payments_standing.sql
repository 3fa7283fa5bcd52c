-- The admin's late and on-time contributions counted what stands (stop 74). Until now a miss
-- counted as paid late at the member's first payment after it, and on-time was every payment
-- made, less the late ones, less every payment undone (declined, refused, taken back, given
-- way). A late payment undone and never made again was subtracted twice: on-time fell by one
-- more than it should, and late stayed one too many. Now each payment made late counts
-- (`fund-events.late`), and each of those undone counts apart (`fund-events.late-undone`), so
-- the late that stand are the one less the other, and on-time loses each payment once.
--
-- In PL/pgSQL, as 0023 explains: a SQL function that cannot be inlined is planned again at every
-- call, and these run in the trigger of every fund event written.
--
-- A payment is late when a miss of its member (an emergency vote opened about them) comes
-- before it in the same round: looked up by the (type, fund, id) index, within the round.
CREATE OR REPLACE FUNCTION insight_paid_late(f uuid, made_id bigint, member text)
RETURNS boolean LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN EXISTS (SELECT 1 FROM fund_events m
    WHERE m.type = 'ContributionMissed' AND m.fund_id = f AND m.id < made_id
      AND m.payload->>'memberId' = member
      AND m.id > (SELECT coalesce(max(r.id), 0) FROM fund_events r
        WHERE r.type = 'RoundStarted' AND r.fund_id = f AND r.id < made_id));
END
$$;
--> statement-breakpoint
-- What one fund event adds to the two counts, on its day: a payment made late, or the undoing of
-- one (found as the newest payment before it with the contribution it names).
CREATE OR REPLACE FUNCTION insight_late_metrics(e fund_events)
RETURNS TABLE (name text, label text, day date, value bigint) LANGUAGE plpgsql STABLE AS $$
DECLARE
  made fund_events;
BEGIN
  IF e.type = 'ContributionMade' THEN
    IF insight_paid_late(e.fund_id, e.id, e.payload->'contribution'->>'contributorId') THEN
      RETURN QUERY SELECT 'fund-events.late'::text, ''::text, (e.at AT TIME ZONE 'UTC')::date, 1::bigint;
    END IF;
  ELSIF e.type IN ('ContributionFailed', 'CoverSuperseded', 'ReceiptRefused', 'DeclarationCancelled') THEN
    SELECT * INTO made FROM fund_events c
    WHERE c.type = 'ContributionMade' AND c.fund_id = e.fund_id AND c.id < e.id
      AND c.payload->'contribution'->>'id' = e.payload->>'contributionId'
    ORDER BY c.id DESC LIMIT 1;
    IF FOUND AND insight_paid_late(made.fund_id, made.id, made.payload->'contribution'->>'contributorId') THEN
      RETURN QUERY SELECT 'fund-events.late-undone'::text, ''::text, (e.at AT TIME ZONE 'UTC')::date, 1::bigint;
    END IF;
  END IF;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION insight_count_fund_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO insight_counter_deltas (name, label, day, value)
  SELECT m.name, m.label, m.day, sum(m.value) FROM new_rows r, LATERAL insight_fund_event_metrics(ROW(r.*)::fund_events) m
  GROUP BY 1, 2, 3 HAVING sum(m.value) <> 0;
  INSERT INTO insight_counter_deltas (name, label, day, value)
  SELECT m.name, m.label, m.day, sum(m.value) FROM new_rows r, LATERAL insight_late_metrics(ROW(r.*)::fund_events) m
  GROUP BY 1, 2, 3;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Counted again from the whole history, the old counts deleted in the same statement, so on one
-- snapshot. Not under a lock: the funds go on being written meanwhile (instances of the release
-- before), and an event committed after that snapshot, before this migration commits, is counted
-- by the trigger it ran under, the old one. Only the admin's figures can be one off for such a
-- payment; the money is not touched.
WITH old_deltas AS (
  DELETE FROM insight_counter_deltas WHERE name IN ('fund-events.late', 'fund-events.late-undone') RETURNING 1
), old_counters AS (
  DELETE FROM insight_counters WHERE name IN ('fund-events.late', 'fund-events.late-undone') RETURNING 1
)
INSERT INTO insight_counter_deltas (name, label, day, value)
SELECT m.name, m.label, m.day, sum(m.value) FROM fund_events r, LATERAL insight_late_metrics(r) m
GROUP BY 1, 2, 3;
