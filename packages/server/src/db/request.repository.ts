import type { FundingRequest, RequestEvent, RequestsState } from '@giro/domain/requests/request-types';
import { and, asc, eq, isNotNull, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { endedRequests, requestEvents, requestStates } from './schema';

export interface RequestsRow {
  organizationId: string;
  state: RequestsState;
  version: number;
}

const EMPTY: RequestsState = { requests: [] };
const columns = {
  organizationId: requestStates.organizationId,
  state: requestStates.state,
  version: requestStates.version,
};
const asRow = (row: { organizationId: string; state: unknown; version: number }): RequestsRow => ({
  ...row,
  state: row.state as RequestsState,
});

/** The organization's requests, read only (views); an organization without any has an empty state. */
export async function findRequestsOfOrganization(db: DbOrTx, organizationId: string): Promise<RequestsRow> {
  const [row] = await db
    .select(columns)
    .from(requestStates)
    .where(eq(requestStates.organizationId, organizationId))
    .limit(1);
  return row ? asRow(row) : { organizationId, state: EMPTY, version: 0 };
}

/**
 * The organization a request was made in, from its events (indexed by request): for its owner
 * once they are no longer a member (ADR 0057). None for an id no request ever had.
 */
export async function organizationOfRequest(db: DbOrTx, requestId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ organizationId: requestEvents.organizationId })
    .from(requestEvents)
    .where(eq(requestEvents.requestId, requestId))
    .limit(1);
  return row?.organizationId;
}

/**
 * The requests a member made in organizations other than `except` (their current one), with the
 * organization of each: by their creations (request_events_owner_idx, migration 0041).
 */
export async function requestsMadeElsewhere(
  db: DbOrTx,
  ownerId: string,
  except: string | null,
): Promise<{ organizationId: string; requestId: string }[]> {
  return db
    .select({ organizationId: requestEvents.organizationId, requestId: requestEvents.requestId })
    .from(requestEvents)
    .where(
      and(
        eq(requestEvents.type, 'RequestCreated'),
        sql`(${requestEvents.payload}->'request'->>'ownerId') = ${ownerId}`,
        except ? ne(requestEvents.organizationId, except) : undefined,
      ),
    );
}

/**
 * Locks the organization's requests for the rest of the transaction, creating the row on first
 * use (a concurrent first use waits on the insert, then finds it): commands run one at a time.
 */
export async function lockRequestsOfOrganization(tx: DbOrTx, organizationId: string): Promise<RequestsRow> {
  await tx.insert(requestStates).values({ organizationId, state: EMPTY }).onConflictDoNothing();
  const [row] = await tx
    .select(columns)
    .from(requestStates)
    .where(eq(requestStates.organizationId, organizationId))
    .for('update')
    .limit(1);
  return asRow(row!);
}

/** Writes the new state, its next deadline and the events that led to it. */
export async function saveRequests(
  tx: DbOrTx,
  row: RequestsRow,
  state: RequestsState,
  events: readonly RequestEvent[],
  nextDeadline: number | null,
  now: Date,
): Promise<void> {
  await tx
    .update(requestStates)
    .set({
      state,
      version: row.version + 1,
      nextDeadlineAt: nextDeadline === null ? null : new Date(nextDeadline),
      updatedAt: now,
    })
    .where(eq(requestStates.organizationId, row.organizationId));
  if (events.length === 0) return;
  await tx.insert(requestEvents).values(
    events.map((event) => ({
      organizationId: row.organizationId,
      requestId: 'request' in event ? event.request.id : event.requestId,
      type: event.type,
      payload: event,
      at: new Date(event.at),
    })),
  );
}

/** Claims request states whose deadline has come, skipping those another worker holds. */
export async function claimDueRequests(tx: DbOrTx, now: Date, limit: number): Promise<RequestsRow[]> {
  const rows = await tx
    .select(columns)
    .from(requestStates)
    .where(lte(requestStates.nextDeadlineAt, now))
    .orderBy(asc(requestStates.nextDeadlineAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return rows.map(asRow);
}

export async function earliestRequestDeadline(db: DbOrTx): Promise<Date | null> {
  const [row] = await db
    .select({ at: requestStates.nextDeadlineAt })
    .from(requestStates)
    .where(isNotNull(requestStates.nextDeadlineAt))
    .orderBy(asc(requestStates.nextDeadlineAt))
    .limit(1);
  return row?.at ?? null;
}

export async function postponeRequestDeadline(tx: DbOrTx, organizationId: string, until: Date) {
  await tx
    .update(requestStates)
    .set({ nextDeadlineAt: until })
    .where(eq(requestStates.organizationId, organizationId));
}

/**
 * Keeps the ended requests at rest the state let go (ADR 0042), in the transaction that lets
 * them go. A request let go again (put back for a command that named it, which could not change
 * it) is written as it is now.
 */
export async function archiveRequests(
  tx: DbOrTx,
  organizationId: string,
  requests: readonly FundingRequest[],
) {
  if (requests.length === 0) return;
  await tx
    .insert(endedRequests)
    .values(
      requests.map((request) => ({
        requestId: request.id,
        organizationId,
        endedAt: new Date(request.endedAt!),
        people: [...new Set([request.ownerId, ...request.contributions.map((c) => c.contributorId)])],
        request,
      })),
    )
    .onConflictDoUpdate({ target: endedRequests.requestId, set: { request: sql`excluded.request` } });
}

/** One ended request of the organization that its state let go, if it is one. */
export async function findEndedRequest(
  db: DbOrTx,
  organizationId: string,
  requestId: string,
): Promise<FundingRequest | undefined> {
  const [row] = await db
    .select({ request: endedRequests.request })
    .from(endedRequests)
    .where(and(eq(endedRequests.requestId, requestId), eq(endedRequests.organizationId, organizationId)))
    .limit(1);
  return row?.request as FundingRequest | undefined;
}
