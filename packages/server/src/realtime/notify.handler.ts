import type { Db } from '../db/client';
import { announceOutboxRows } from '../db/outbox.queries';
import type { BatchOutboxHandler } from '../jobs/outbox-worker';

export const EVENTS_CHANNEL = 'giro_events';

/**
 * Announces a realtime outbox row to every instance. The NOTIFY carries only the row's id
 * (payloads are capped at 8,000 bytes); each instance's listener reads the row and forwards its
 * events. Rows are written announced by their own transaction (enqueue-realtime.ts, ADR 0038);
 * this handler announces those a release before stop 55 left pending, during a rolling upgrade.
 */
export function notifyHandler(db: Db): BatchOutboxHandler {
  return {
    // A whole claimed batch in one round trip.
    async batch(rows) {
      await announceOutboxRows(
        db,
        EVENTS_CHANNEL,
        rows.map((row) => row.id),
      );
    },
  };
}
