import type { ApiLogsPage, ApiLogsQuery } from '@giro/contract/admin-monitoring';
import { listApiRequests } from '../db/api-request.queries';
import type { Deps } from '../deps';
import type { RequestRecorder } from '../monitoring/request-recorder';
import { decodeCursor, encodeCursor } from './page-cursor';

/** The API log, newest first, filtered, one keyset page at a time. */
export async function listApiLogs(
  deps: Deps,
  recorder: RequestRecorder,
  query: ApiLogsQuery,
): Promise<ApiLogsPage> {
  const after = decodeCursor(query.cursor);
  if (!after) await recorder.flush();
  const rows = await listApiRequests(deps.db, query, after && { at: after.at, id: Number(after.id) });
  const items = rows.slice(0, query.limit).map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    method: row.method,
    route: row.route,
    status: row.status,
    durationMs: Math.round(row.durationMs * 100) / 100,
    userId: row.userId,
    requestId: row.requestId,
  }));
  const last = items.at(-1);
  return { items, nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null };
}
