-- A fund's state counts its completed cycles instead of holding their histories (ADR 0041,
-- issue 15): each history is in its cycle's CycleCompleted event, which the history view reads.
-- A state grew by 1.6 KB a cycle for a family of six, read, parsed and patched by every command.
-- Each member's count is of the cycles they took part in: the history's participants, or its
-- order in cycles from before participants were kept.
-- Expand only (ADR 0027): `history` stays, emptied, so an instance of the release before still
-- reads the state during a rolling upgrade; a cycle it completes meanwhile is appended there,
-- and this release adds those to the counts when it reads them (domain/fund/cycles.ts). A state
-- that already has its counts is left as it is.
UPDATE "funds" SET "state" = "state" || jsonb_build_object(
  'history', '[]'::jsonb,
  'completedCycles', jsonb_array_length("state"->'history'),
  'memberCycles', coalesce((
    SELECT jsonb_object_agg(p.id, p.cycles)
    FROM (
      SELECT m.id, count(*) AS cycles
      FROM jsonb_array_elements("state"->'history') AS h(cycle),
        LATERAL (
          SELECT DISTINCT x.id
          FROM jsonb_array_elements_text(coalesce(h.cycle->'participants', h.cycle->'order')) AS x(id)
        ) AS m
      GROUP BY m.id
    ) AS p
  ), '{}'::jsonb))
WHERE jsonb_typeof("state"->'history') = 'array' AND NOT "state" ? 'completedCycles';
