import type { DbOrTx } from '../db/client';
import { namedStatement, runNamed } from '../db/named-statement';
import { EVENTS_CHANNEL } from './notify.handler';
import type { WireEvent } from './wire-events';

export const REALTIME_TOPIC = 'realtime';

/**
 * The SQL of socket events' rows, as clauses of a WITH (`wire`, `seq`, `realtime`,
 * `announced`): each organization's sequence moves on by the number of its events, and one
 * outbox row per organization takes the numbers it moved through. The events are one JSON array
 * of organizations and their events (`realtimeRowsValue`), one entry per organization; an
 * organization without events writes nothing. The organizations are found by one index lookup
 * of their ids: joined to `wire`, they were scanned whole for a hash join, every organization
 * read by every batch of contributions (issue 15): a cost that grows with the organizations.
 * Shared by the statement below and by the fund changes' (db/fund-changes.statement.ts),
 * whose final SELECT must read `announced` (a CTE nobody reads is not run).
 *
 * Each row is announced by its own transaction (ADR 0038): written handled, with a NOTIFY of its
 * id, which PostgreSQL delivers to every instance's listener at the commit, and never on a
 * rollback. Until stop 55 the outbox worker claimed the row after the commit, announced it and
 * marked it handled: three more statements a batch, and two more versions of every row with an
 * entry in three of the outbox's indexes each. What the worker was for, a row announced even if
 * the instance dies after its commit, the commit now gives: there is no moment between them. A
 * transaction that writes these rows already sends NOTIFYs at its commit (the cache triggers,
 * migration 0019), so this serializes no commit that was not serialized before. Handled at the
 * database's own time, not the app's (`now`), which a test or the demo may have set back: the
 * handled rows are pruned two days after they were handled (db/outbox-retention.queries.ts).
 */
export function realtimeRowsSql(p: { wire: string; now: string }): string {
  return `wire as (
     select * from rows from (jsonb_to_recordset(${p.wire}::jsonb) as (organization_id uuid, events jsonb))
       with ordinality as w(organization_id, events, n)
     where jsonb_array_length(w.events) > 0),
   seq as (
     update organizations
     set event_seq = event_seq + (select jsonb_array_length(w.events) from wire w where w.organization_id = organizations.id)
     where organizations.id = any(array(select organization_id from wire))
     returning organizations.id, organizations.event_seq),
   realtime as (
     insert into outbox (topic, organization_id, payload, available_at, created_at, processed_at)
     select '${REALTIME_TOPIC}', wire.organization_id, jsonb_build_object('events', (
         select jsonb_agg(e || jsonb_build_object('familyId', wire.organization_id::text,
           'seq', seq.event_seq - jsonb_array_length(wire.events) + i) order by i)
         from jsonb_array_elements(wire.events) with ordinality as x(e, i))),
       to_timestamp(${p.now}::float8 / 1000), to_timestamp(${p.now}::float8 / 1000), now()
     from wire join seq on seq.id = wire.organization_id
     order by wire.n
     returning id),
   ${announcedSql('realtime')}`;
}

/** The `announced` clause: a NOTIFY of each row of `rows` (ids) on the events channel, in id order. */
function announcedSql(rows: string): string {
  return `announced as (
     select pg_notify('${EVENTS_CHANNEL}', id::text) from (select id from ${rows} order by id) r)`;
}

/** The parameter of `realtimeRowsSql`: each organization's events, as one JSON array. */
export function realtimeRowsValue(byOrganization: Iterable<readonly [string, readonly WireEvent[]]>): string {
  return JSON.stringify(
    [...byOrganization].map(([organizationId, events]) => ({ organization_id: organizationId, events })),
  );
}

// A named statement (db/named-statement.ts): fund commands and request commands run it.
const enqueueStatement = namedStatement(
  'realtime_enqueue',
  `with ${realtimeRowsSql({ wire: '$1', now: '$2' })} select count(*) from announced`,
);

/**
 * Queues socket events for an organization in the caller's transaction. Each event gets the
 * organization's next sequence number, so a client that sees a gap knows to resync; the row is
 * announced with NOTIFY at the commit and every instance forwards it to its sockets.
 */
export async function enqueueRealtime(
  tx: DbOrTx,
  organizationId: string,
  events: readonly WireEvent[],
  now: Date,
): Promise<void> {
  await enqueueRealtimeBatch(tx, new Map([[organizationId, events]]), now);
}

/** Socket events of several organizations in one statement, as `enqueueRealtime` queues them. */
export async function enqueueRealtimeBatch(
  tx: DbOrTx,
  byOrganization: ReadonlyMap<string, readonly WireEvent[]>,
  now: Date,
): Promise<void> {
  const entries = [...byOrganization].filter(([, events]) => events.length > 0);
  if (entries.length > 0) await runNamed(tx, enqueueStatement, [realtimeRowsValue(entries), now.getTime()]);
}

// One row, announced at its commit as the events' rows are (`realtimeRowsSql`): a membership
// move must reach the sockets in order with the events around it.
const enqueueOneStatement = namedStatement(
  'realtime_enqueue_one',
  `with realtime as (
     insert into outbox (topic, organization_id, payload, available_at, created_at, processed_at)
     values ('${REALTIME_TOPIC}', $1::uuid, $2::jsonb, to_timestamp($3::float8 / 1000),
       to_timestamp($3::float8 / 1000), now())
     returning id),
   ${announcedSql('realtime')}
   select count(*) from announced`,
);

/** Queues a message for every socket of every organization (the test clock's jumps). */
export async function enqueueBroadcast(
  tx: DbOrTx,
  message: Record<string, unknown>,
  now: Date,
): Promise<void> {
  await runNamed(tx, enqueueOneStatement, [null, JSON.stringify({ broadcast: message }), now.getTime()]);
}

/**
 * Queues a message for one user's sockets, whatever organization they are in now: a notice about
 * a family they left (a debt between two members is settled wherever they are) still refreshes
 * their alerts. No sequence number: it is about no organization's state, and a client sees no
 * gap in its family's events. An instance of a release before stop 75 leaves it alone.
 */
export async function enqueueUserMessage(
  tx: DbOrTx,
  userId: string,
  message: Record<string, unknown>,
  now: Date,
): Promise<void> {
  await runNamed(tx, enqueueOneStatement, [
    null,
    JSON.stringify({ user: { userId, message } }),
    now.getTime(),
  ]);
}

/** Moves the user's open sockets to their new organization (or none), in order with the events. */
export async function enqueueMembershipChange(
  tx: DbOrTx,
  userId: string,
  familyId: string | null,
  now: Date,
): Promise<void> {
  await runNamed(tx, enqueueOneStatement, [
    familyId,
    JSON.stringify({ membership: { userId, familyId } }),
    now.getTime(),
  ]);
}
