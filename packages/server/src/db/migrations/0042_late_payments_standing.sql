-- The admin's late and on-time contributions counted what stands (stop 74). Until now a miss
-- counted as paid late at the member's first payment after it, and on-time was every payment
-- made, less the late ones, less every payment undone (declined, refused, taken back, given
-- way). A late payment undone and never made again was subtracted twice: on-time fell by one
-- more than it should, and late stayed one too many. Now each payment made late counts
-- (`fund-events.late`), and each of those undone counts apart (`fund-events.late-undone`), so
-- the late that stand are the one less the other, and on-time loses each payment once.
--
-- A payment is late when a miss of its member (an emergency vote opened about them) comes
-- before it in the same round: looked up by the (type, fund, id) index, within the round.
CREATE OR REPLACE FUNCTION insight_paid_late(f uuid, made_id bigint, member text)
RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM fund_events m
    WHERE m.type = 'ContributionMissed' AND m.fund_id = f AND m.id < made_id
      AND m.payload->>'memberId' = member
      AND m.id > (SELECT coalesce(max(r.id), 0) FROM fund_events r
        WHERE r.type = 'RoundStarted' AND r.fund_id = f AND r.id < made_id))
$$;
--> statement-breakpoint
-- What one fund event adds to the two counts, on its day: a payment made late, or the undoing
-- of one (the event naming it, and the payment it names).
CREATE OR REPLACE FUNCTION insight_late_metrics(e fund_events)
RETURNS TABLE (name text, label text, day date, value bigint) LANGUAGE sql STABLE AS $$
  SELECT 'fund-events.late', '', (e.at AT TIME ZONE 'UTC')::date, 1::bigint
  WHERE e.type = 'ContributionMade'
    AND insight_paid_late(e.fund_id, e.id, e.payload->'contribution'->>'contributorId')
  UNION ALL
  SELECT 'fund-events.late-undone', '', (e.at AT TIME ZONE 'UTC')::date, 1::bigint
  FROM fund_events made
  WHERE e.type IN ('ContributionFailed', 'CoverSuperseded', 'ReceiptRefused', 'DeclarationCancelled')
    AND made.type = 'ContributionMade' AND made.fund_id = e.fund_id
    AND made.payload->'contribution'->>'id' = e.payload->>'contributionId'
    AND insight_paid_late(made.fund_id, made.id, made.payload->'contribution'->>'contributorId')
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
-- Counted again from the whole history, in the migration's transaction. Not under a lock: the
-- funds go on being written meanwhile (instances of the release before), and a late payment
-- written during the recount is counted by the trigger it ran under. Only the admin's figures
-- can be one off for such a payment; the money is not touched.
DELETE FROM insight_counter_deltas WHERE name IN ('fund-events.late', 'fund-events.late-undone');
--> statement-breakpoint
DELETE FROM insight_counters WHERE name IN ('fund-events.late', 'fund-events.late-undone');
--> statement-breakpoint
INSERT INTO insight_counter_deltas (name, label, day, value)
SELECT m.name, m.label, m.day, sum(m.value) FROM fund_events r, LATERAL insight_late_metrics(r) m
GROUP BY 1, 2, 3;
