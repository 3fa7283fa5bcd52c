import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { BatchOutboxHandler } from '../jobs/outbox-worker';

export const EVENTS_CHANNEL = 'giro_events';

/**
 * Announces a realtime outbox row to every instance. The NOTIFY carries only the row's id
 * (payloads are capped at 8,000 bytes, and a NOTIFY inside every state change would serialise
 * their commits); each instance's listener reads the row and forwards its events.
 */
export function notifyHandler(db: Db): BatchOutboxHandler {
  return {
    // A whole claimed batch in one round trip.
    async batch(rows) {
      // Ids are integers: the array literal needs no escaping.
      const ids = `{${rows.map((row) => row.id).join(',')}}`;
      await db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, id) from unnest(${ids}::text[]) as id`);
    },
  };
}
