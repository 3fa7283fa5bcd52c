-- A fund's state no longer holds its completed cycles' histories (ADR 0041, issue 15): each is
-- in its cycle's CycleCompleted event, which the history view reads. The state counts the
-- cycles completed, and each member's (those who took part to the end, or until expelled:
-- the history's participants, or its order in cycles from before participants were kept).
-- A state grew by 1.6 KB a cycle for a family of six, read, parsed and patched by every command.
UPDATE "funds" SET "state" = ("state" - 'history') || jsonb_build_object(
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
WHERE jsonb_typeof("state"->'history') = 'array';
