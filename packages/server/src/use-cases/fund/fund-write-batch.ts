import type { NotificationType } from '@giro/contract/notifications';
import { addedReminderMoments } from '@giro/domain/fund/reminders';
import type { LedgerTransaction } from '@giro/domain/ledger';
import type { DbOrTx } from '../../db/client';
import type { FundRowChange } from '../../db/fund.repository';
import { fundChangesStep } from '../../db/fund-changes.statement';
import type { FirstAnswer, IdempotentRequest } from '../../db/idempotency.repository';
import { bookPostings } from '../../db/ledger.repository';
import { runNamed } from '../../db/named-statement';
import { type FundCall, type NewNotification, notificationsOfTypes } from '../../db/notification.repository';
import type { SendWithCommit } from '../../db/opened-transaction';
import type { AcceptedPayment } from '../../db/payment-preferences.repository';
import { deliverNotifications } from '../../notifications/deliver-notifications';
import { fundCallTypes, isCallStillOpen } from '../../notifications/open-calls';
import type { WireEvent } from '../../realtime/wire-events';

const answeredAtOnce: readonly NotificationType[] = [
  // Refused cash of a member who no longer owes the round (skipped, expelled): nothing to ask.
  'contribution_not_received',
  'cover_cancelled',
  'amount_vote_opened',
  'confirmation_needed',
  'dismissal_to_acknowledge',
  'withdrawal_ready',
];

/**
 * The writes of one or more fund commands in one transaction, done together: one statement for
 * every fund's change rather than statements per fund. A member's command alone flushes a batch of one; members'
 * commands that arrived together (fund-command-batches.ts) and the deadline worker's claimed
 * batch flush many, which is what keeps ten thousand due deadlines and a busy hour's
 * contributions cheap.
 */
export class FundWriteBatch {
  private readonly changes: FundRowChange[] = [];
  private readonly postings: { organizationId: string; postings: LedgerTransaction[] }[] = [];
  private readonly notes: { organizationId: string; notes: NewNotification[] }[] = [];
  private readonly wire = new Map<string, WireEvent[]>();
  /** The open calls of organizations whose calls the caller read already. */
  private readonly knownCalls = new Map<string, readonly FundCall[]>();
  private readonly answers: FirstAnswer[] = [];
  private readonly payments: AcceptedPayment[] = [];

  constructor(
    private readonly now: Date,
    /** For the links in notification emails. */
    private readonly publicUrl: string,
  ) {}

  add(
    change: FundRowChange,
    postings: LedgerTransaction[],
    notes: NewNotification[],
    wire: WireEvent[],
    /** The organization's open calls, read under the fund's lock, if the caller has them. */
    calls?: readonly FundCall[],
  ): void {
    this.changes.push(change);
    const organizationId = change.fund.organizationId;
    if (calls) this.knownCalls.set(organizationId, calls);
    if (postings.length > 0) this.postings.push({ organizationId, postings });
    if (notes.length > 0) this.notes.push({ organizationId, notes });
    if (wire.length > 0) this.wire.set(organizationId, [...(this.wire.get(organizationId) ?? []), ...wire]);
  }

  /** A request's first answer, stored with the writes under its Idempotency-Key. */
  answer(userId: string, request: IdempotentRequest, response: unknown): void {
    this.answers.push({ userId, request, response });
  }

  /** A payment a command accepted: its method is remembered with the writes. */
  acceptedPayment(payment: AcceptedPayment): void {
    this.payments.push(payment);
  }

  /**
   * The earliest moment the deadline worker has to look at these changes, or null when they
   * give it nothing to do: each fund's next deadline, and the reminder moments a change added
   * (a contribution keeps its round's, so adds none). Those moments it keeps are already in the
   * worker's schedule, and a deadline no earlier than the worker's next wake-up is met by it
   * (jobs/wakeable-worker.ts, `wakeBy`): at a busy hour a member's payment no longer costs the
   * worker a run of its claims (issue 15).
   */
  dueAt(): number | null {
    const moments = this.changes.flatMap((change) => [
      ...(change.nextDeadline === null ? [] : [change.nextDeadline]),
      ...addedReminderMoments(change.fund.state, change.state),
    ]);
    return moments.length === 0 ? null : Math.min(...moments);
  }

  /**
   * Writes everything: the ledger's postings and the notifications first, then every fund's
   * change in one statement with the socket events, the first answers, the payments' methods
   * and the deletion of the calls the changes closed (db/fund-changes.statement.ts); given
   * `sendWithCommit`, that statement goes with the transaction's commit. All of it commits
   * together, so the order is nobody's to see.
   */
  async flush(tx: DbOrTx, sendWithCommit?: SendWithCommit): Promise<void> {
    const { now } = this;
    for (const { organizationId, postings } of this.postings)
      await bookPostings(tx, organizationId, postings, now);
    const closedCalls = await this.closedCalls(tx);
    // A vote's call that the same change answered (the member who opened the vote voted with it)
    // is not sent.
    const states = new Map(this.changes.map((change) => [change.fund.organizationId, change.state]));
    const allNotes = this.notes.flatMap(({ organizationId, notes }) =>
      notes
        .filter(
          (note) =>
            !answeredAtOnce.includes(note.type) ||
            isCallStillOpen(note.type, states.get(organizationId)!, note.userId, note.data),
        )
        .map((note) => ({ organizationId, note })),
    );
    await deliverNotifications(tx, allNotes, now, this.publicUrl);
    const { changes, wire, answers, payments } = this;
    if (changes.length + wire.size + answers.length + payments.length + closedCalls.length === 0) return;
    const write = fundChangesStep(
      {
        changes,
        wire,
        answers,
        acceptedPayments: payments,
        closedCalls,
      },
      now,
    );
    if (sendWithCommit) sendWithCommit(write);
    else await runNamed(tx, write.statement, write.values);
  }

  /**
   * The ids of the calls to act that these changes closed (the date vote ended, the member paid,
   * the round moved on), deleted with them: a member's alerts never ask for what is done. The
   * socket events of the change make every member's alerts refresh.
   */
  private async closedCalls(tx: DbOrTx): Promise<string[]> {
    const states = new Map(this.changes.map((change) => [change.fund.organizationId, change.state]));
    // These calls are made and closed by fund changes, under the fund's lock (besides a payout
    // account that became active, which closes its own call: a delete this pass need not see):
    // read after the lock, they are still what they were.
    const unknown = [...states.keys()].filter((id) => !this.knownCalls.has(id));
    const calls = [
      ...[...this.knownCalls.values()].flat(),
      ...(unknown.length > 0 ? await notificationsOfTypes(tx, unknown, fundCallTypes) : []),
    ];
    return calls
      .filter((call) => {
        const state = states.get(call.organizationId);
        return state !== undefined && !isCallStillOpen(call.type, state, call.userId, call);
      })
      .map((call) => call.id);
  }
}
