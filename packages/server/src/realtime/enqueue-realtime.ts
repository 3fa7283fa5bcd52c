import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { namedStatement, runNamed } from '../db/named-statement';
import { outbox } from '../db/schema';
import type { WireEvent } from './wire-events';

export const REALTIME_TOPIC = 'realtime';

/**
 * The SQL of the socket events' rows, as two clauses of a WITH (`seq`, `realtime`): the
 * organization's sequence moves on by the number of events, and one outbox row takes the
 * numbers it moved through. Nothing is written when the events are an empty array. Shared by
 * the statement below and by the fund change's (db/fund-change.statement.ts).
 */
export function realtimeRowsSql(p: { organization: string; events: string; now: string }): string {
  return `seq as (
     update organizations set event_seq = event_seq + jsonb_array_length(${p.events}::jsonb)
     where id = ${p.organization}::uuid and jsonb_array_length(${p.events}::jsonb) > 0 returning event_seq),
   realtime as (
     insert into outbox (topic, organization_id, payload, available_at, created_at)
     select '${REALTIME_TOPIC}', ${p.organization}::uuid, jsonb_build_object('events', (
         select jsonb_agg(e || jsonb_build_object('familyId', ${p.organization}::text,
           'seq', seq.event_seq - jsonb_array_length(${p.events}::jsonb) + i) order by i)
         from jsonb_array_elements(${p.events}::jsonb) with ordinality as x(e, i))),
       to_timestamp(${p.now}::float8 / 1000), to_timestamp(${p.now}::float8 / 1000)
     from seq returning id)`;
}

// A named statement (db/named-statement.ts): fund commands and request commands run it.
const enqueueStatement = namedStatement(
  'realtime_enqueue',
  `with ${realtimeRowsSql({ organization: '$1', events: '$2', now: '$3' })} select count(*) from realtime`,
);

/**
 * Queues socket events for an organization in the caller's transaction. Each event gets the
 * organization's next sequence number, so a client that sees a gap knows to resync; the
 * outbox worker announces the row with NOTIFY and every instance forwards it to its sockets.
 */
export async function enqueueRealtime(
  tx: DbOrTx,
  organizationId: string,
  events: readonly WireEvent[],
  now: Date,
): Promise<void> {
  if (events.length === 0) return;
  await runNamed(tx, enqueueStatement, [organizationId, JSON.stringify(events), now.getTime()]);
}

/**
 * Socket events of several organizations in two statements: every organization's sequence
 * moves on in one UPDATE, and one outbox row per organization goes in one INSERT.
 */
export async function enqueueRealtimeBatch(
  tx: DbOrTx,
  byOrganization: ReadonlyMap<string, readonly WireEvent[]>,
  now: Date,
): Promise<void> {
  const entries = [...byOrganization].filter(([, events]) => events.length > 0);
  if (entries.length === 0) return;
  if (entries.length === 1) {
    const [[organizationId, events]] = entries as [[string, readonly WireEvent[]]];
    return enqueueRealtime(tx, organizationId, events, now);
  }
  const rows = entries.map(([id, events]) => sql`(${id}::uuid, ${events.length}::int)`);
  const result = await tx.execute<{ id: string; event_seq: string | number }>(sql`
    update organizations as o set event_seq = o.event_seq + v.n
    from (values ${sql.join(rows, sql`, `)}) as v(id, n)
    where o.id = v.id
    returning o.id, o.event_seq`);
  const last = new Map(
    (('rows' in result ? result.rows : result) as { id: string; event_seq: string | number }[]).map((r) => [
      r.id,
      Number(r.event_seq),
    ]),
  );
  await tx.insert(outbox).values(
    entries.map(([organizationId, events]) => {
      const first = (last.get(organizationId) ?? events.length) - events.length + 1;
      return {
        topic: REALTIME_TOPIC,
        organizationId,
        payload: {
          events: events.map((event, i) => ({ ...event, familyId: organizationId, seq: first + i })),
        },
        availableAt: now,
        createdAt: now,
      };
    }),
  );
}

/** Queues a message for every socket of every organization (the test clock's jumps). */
export async function enqueueBroadcast(
  tx: DbOrTx,
  message: Record<string, unknown>,
  now: Date,
): Promise<void> {
  await tx.insert(outbox).values({
    topic: REALTIME_TOPIC,
    organizationId: null,
    payload: { broadcast: message },
    availableAt: now,
    createdAt: now,
  });
}

/** Moves the user's open sockets to their new organization (or none), in order with the events. */
export async function enqueueMembershipChange(
  tx: DbOrTx,
  userId: string,
  familyId: string | null,
  now: Date,
): Promise<void> {
  await tx.insert(outbox).values({
    topic: REALTIME_TOPIC,
    organizationId: familyId,
    payload: { membership: { userId, familyId } },
    availableAt: now,
    createdAt: now,
  });
}
