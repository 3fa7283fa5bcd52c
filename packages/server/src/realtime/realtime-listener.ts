import type { Logger } from 'pino';
import type { Database } from '../db/client';
import { readAnnouncedOutboxRows } from '../db/outbox.queries';
import { EVENTS_CHANNEL } from './notify.handler';
import type { SocketHub } from './socket-hub';

/** What a realtime outbox row carries: organization events, a broadcast, a membership move, or one user's message. */
export type RealtimePayload =
  | { events: object[] }
  | { broadcast: object }
  | { membership: { userId: string; familyId: string | null } }
  | { user: { userId: string; message: object } };

/**
 * Every instance listens for announced realtime rows, reads each (the NOTIFY carries only its
 * id) and hands it to its own sockets. Instances need no knowledge of each other. Returns the
 * way to stop: no delivery starts after it, and one under way is finished (its read done) before
 * it returns, so a shutdown closes the database after the last read, not under it.
 */
export async function startRealtimeListener(database: Database, hub: SocketHub, logger: Logger) {
  // Announcements that arrive together are read with one query, in id order.
  let waiting: number[] = [];
  let stopped = false;
  const delivering = new Set<Promise<void>>();
  const deliver = async (ids: number[]) => {
    const rows = await readAnnouncedOutboxRows(database.db, ids);
    for (const row of rows) dispatch(hub, row.organizationId, row.payload as RealtimePayload);
  };
  const unlisten = await database.listen(EVENTS_CHANNEL, (payload) => {
    const id = Number(payload);
    if (!Number.isSafeInteger(id) || stopped) return;
    waiting.push(id);
    if (waiting.length > 1) return;
    setImmediate(() => {
      const ids = waiting;
      waiting = [];
      if (stopped) return;
      const delivery = deliver(ids)
        .catch((error) => logger.warn({ err: error }, 'realtime delivery failed'))
        .finally(() => delivering.delete(delivery));
      delivering.add(delivery);
    });
  });
  return async () => {
    stopped = true;
    await unlisten();
    await Promise.all(delivering);
  };
}

export function dispatch(hub: SocketHub, organizationId: string | null, payload: RealtimePayload): void {
  if ('broadcast' in payload) hub.broadcast(payload.broadcast);
  else if ('membership' in payload) hub.moveUser(payload.membership.userId, payload.membership.familyId);
  else if ('user' in payload) hub.sendToUser(payload.user.userId, payload.user.message);
  else if (organizationId) for (const event of payload.events) hub.sendToOrganization(organizationId, event);
}
