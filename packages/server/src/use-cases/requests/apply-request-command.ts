import { DomainError } from '@giro/domain/errors';
import type { LedgerTransaction } from '@giro/domain/ledger';
import { decideRequest, nextRequestDeadline } from '@giro/domain/requests/decide-request';
import { evolveRequests } from '@giro/domain/requests/evolve-request';
import { requestPostings } from '@giro/domain/requests/request-postings';
import type { RequestCommand, RequestEvent, RequestsState } from '@giro/domain/requests/request-types';
import type { DbOrTx } from '../../db/client';
import { organizationMembers } from '../../db/fund.repository';
import { bookPostings } from '../../db/ledger.repository';
import { type RequestsRow, saveRequests } from '../../db/request.repository';
import type { Deps } from '../../deps';
import { enqueueRealtime } from '../../realtime/enqueue-realtime';
import type { WireEvent } from '../../realtime/wire-events';
import { applyRequestEffects } from './request-effects';

/**
 * One state change of an organization's requests, whole, in the caller's transaction (the row
 * is locked): decide, evolve, then write the state with its next deadline, the events, the
 * ledger postings, the payments and notifications, and one REQUEST_UPDATED per request touched.
 * A refused command throws its DomainError and writes nothing.
 */
export async function applyRequestCommand(
  tx: DbOrTx,
  deps: Pick<Deps, 'clock' | 'config'>,
  row: RequestsRow,
  command: RequestCommand,
  options: { paymentMethodId?: string | null } = {},
): Promise<{ events: RequestEvent[]; state: RequestsState }> {
  const now = deps.clock.now();
  const events = decideRequest(row.state, command, now.getTime());
  if (events instanceof DomainError) throw events;

  let state = row.state;
  const postings: LedgerTransaction[] = [];
  for (const event of events) {
    postings.push(...requestPostings(state, event));
    state = evolveRequests(state, event);
  }
  await saveRequests(tx, row, state, events, nextRequestDeadline(state), now);
  await bookPostings(tx, row.organizationId, postings, now);
  const members = await organizationMembers(tx, row.organizationId);
  const notified = await applyRequestEffects(tx, {
    organizationId: row.organizationId,
    after: state,
    events,
    memberIds: members.map((m) => m.id),
    paymentMethodId: options.paymentMethodId ?? null,
    now,
    publicUrl: deps.config.publicUrl,
  });
  const touched = new Set(events.map((e) => ('request' in e ? e.request.id : e.requestId)));
  const wire: WireEvent[] = [...touched].map((requestId) => ({
    type: 'REQUEST_UPDATED',
    requestId,
    at: now.toISOString(),
  }));
  if (notified > 0) wire.push({ type: 'NOTIFICATION_CREATED', at: now.toISOString() });
  await enqueueRealtime(tx, row.organizationId, wire, now);
  return { events, state };
}
