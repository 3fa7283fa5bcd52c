import { DomainError } from '@giro/domain/errors';
import type { LedgerTransaction } from '@giro/domain/ledger';
import { splitResting, withRequest } from '@giro/domain/requests/at-rest';
import { decideRequest, nextRequestDeadline } from '@giro/domain/requests/decide-request';
import { evolveRequests } from '@giro/domain/requests/evolve-request';
import { requestPostings } from '@giro/domain/requests/request-postings';
import type { RequestCommand, RequestEvent, RequestsState } from '@giro/domain/requests/request-types';
import type { DbOrTx } from '../../db/client';
import { organizationMembers } from '../../db/fund.repository';
import { bookPostings } from '../../db/ledger.repository';
import {
  archiveRequests,
  findEndedRequest,
  type RequestsRow,
  saveRequests,
} from '../../db/request.repository';
import type { Deps } from '../../deps';
import { enqueueRealtime } from '../../realtime/enqueue-realtime';
import type { WireEvent } from '../../realtime/wire-events';
import { applyRequestEffects } from './request-effects';

/**
 * One state change of an organization's requests, whole, in the caller's transaction (the row
 * is locked): decide, evolve, then write the state with its next deadline, the events, the
 * ledger postings, the payments and notifications, and one REQUEST_UPDATED per request touched.
 * A refused command throws its DomainError and writes nothing.
 *
 * The state holds what is in play and the newest requests at rest (ADR 0042); a command naming
 * one it let go decides on it put back, so it is refused exactly as before, and the state lets
 * go of what came to rest: `state` keeps them, for the caller's answer; `kept` is what was written.
 */
export async function applyRequestCommand(
  tx: DbOrTx,
  deps: Pick<Deps, 'clock' | 'config'>,
  row: RequestsRow,
  command: RequestCommand,
  options: { paymentMethodId?: string | null; leaving?: string } = {},
): Promise<{ events: RequestEvent[]; state: RequestsState; kept: RequestsState }> {
  const now = deps.clock.now();
  const { named, before, events } = await decided(tx, row, command, now);

  let state = before;
  const postings: LedgerTransaction[] = [];
  for (const event of events) {
    postings.push(...requestPostings(state, event));
    state = evolveRequests(state, event);
  }
  const { kept, archived } = splitResting(state);
  await saveRequests(tx, row, kept, events, nextRequestDeadline(kept), now);
  // One put back and let go again unchanged is already kept as it is.
  await archiveRequests(
    tx,
    row.organizationId,
    archived.filter((r) => r !== named),
  );
  await bookPostings(tx, row.organizationId, postings, now);
  const members = await organizationMembers(tx, row.organizationId);
  const notified = await applyRequestEffects(tx, {
    organizationId: row.organizationId,
    after: state,
    events,
    memberIds: members.map((m) => m.id).filter((id) => id !== options.leaving),
    ...(options.leaving ? { leaving: options.leaving } : {}),
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
  return { events, state, kept };
}

/**
 * Refuses the command as applyRequestCommand would, and writes nothing: a PayPal contribution
 * is checked before its capture and recorded only after it (contribute-to-request-by-paypal.ts).
 */
export async function checkRequestCommand(
  tx: DbOrTx,
  row: RequestsRow,
  command: RequestCommand,
  now: Date,
): Promise<void> {
  await decided(tx, row, command, now);
}

/** The command decided on the state with the request it names put back if let go; a refusal thrown. */
async function decided(tx: DbOrTx, row: RequestsRow, command: RequestCommand, now: Date) {
  const named = await letGoRequestNamed(tx, row, command);
  const before = withRequest(row.state, named);
  const events = decideRequest(before, command, now.getTime());
  if (events instanceof DomainError) throw events;
  return { named, before, events };
}

/** The request the command names, when the state let it go (ADR 0042). */
async function letGoRequestNamed(tx: DbOrTx, row: RequestsRow, command: RequestCommand) {
  if (!('requestId' in command) || command.type === 'CreateRequest') return undefined;
  if (row.state.requests.some((r) => r.id === command.requestId)) return undefined;
  return findEndedRequest(tx, row.organizationId, command.requestId);
}
