import type { RequestStatus } from '@giro/domain/requests/request-types';
import type { DbOrTx } from '../../db/client';
import type { RequestsRow } from '../../db/request.repository';
import type { Deps } from '../../deps';
import { applyRequestCommand } from './apply-request-command';

/**
 * Cancels the member's own requests in `statuses`, in the caller's transaction, on the requests
 * the caller locked (after the fund, as every path holding both takes them). Cancelling gives back
 * whatever a request holds. One at a time, on the state the last left: cancelling an active
 * request activates the next in the queue, which may be theirs too. Returns the row after.
 */
export async function cancelOwnRequests(
  tx: DbOrTx,
  deps: Pick<Deps, 'clock' | 'config'>,
  requests: RequestsRow,
  userId: string,
  statuses: readonly RequestStatus[],
): Promise<RequestsRow> {
  let row = requests;
  // The member is on their way out: told nothing more of these requests, and one of theirs that
  // the end of another's activates here, to be cancelled at once, is announced to nobody.
  const leaving = { leaving: userId };
  // An active request past its 30 days that the deadline worker has not ended yet ends first, as
  // any command would end it: cancelling it then was refused (REQUEST_CLOSED), and the refusal
  // rolled back the expulsion that asked for it.
  const now = deps.clock.now().getTime();
  if (row.state.requests.some((r) => r.status === 'active' && r.expiresAt !== null && r.expiresAt <= now)) {
    const { kept } = await applyRequestCommand(tx, deps, row, { type: 'RequestDeadlinePassed' }, leaving);
    row = { ...row, state: kept, version: row.version + 1 };
  }
  for (;;) {
    const own = row.state.requests.find((r) => r.ownerId === userId && statuses.includes(r.status));
    if (!own) return row;
    const { kept } = await applyRequestCommand(
      tx,
      deps,
      row,
      { type: 'CancelRequest', requestId: own.id, userId },
      leaving,
    );
    row = { ...row, state: kept, version: row.version + 1 };
  }
}
