import type { NotificationType } from '@giro/contract/notifications';
import type { FundEvent, FundState } from '@giro/domain/fund/fund-types';
import type { LedgerTransaction } from '@giro/domain/ledger';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { FundRow } from '../../db/fund.repository';
import { nextReminderSql, reminderMomentsSql } from '../../db/fund.repository';
import { fundChangeStep } from '../../db/fund-change.statement';
import {
  type FirstAnswer,
  type IdempotentRequest,
  saveIdempotentAnswer,
} from '../../db/idempotency.repository';
import { bookPostings } from '../../db/ledger.repository';
import { runNamed } from '../../db/named-statement';
import {
  deleteNotifications,
  type FundCall,
  type NewNotification,
  notificationsOfTypes,
} from '../../db/notification.repository';
import type { SendWithCommit } from '../../db/opened-transaction';
import { type AcceptedPayment, rememberPayment } from '../../db/payment-preferences.repository';
import { fundEvents } from '../../db/schema';
import { deliverNotifications } from '../../notifications/deliver-notifications';
import { fundCallTypes, isCallStillOpen } from '../../notifications/open-calls';
import { enqueueRealtimeBatch } from '../../realtime/enqueue-realtime';
import type { WireEvent } from '../../realtime/wire-events';

const answeredAtOnce: readonly NotificationType[] = [
  'amount_vote_opened',
  'confirmation_needed',
  'dismissal_to_acknowledge',
  'withdrawal_ready',
];

interface FundChange {
  fund: FundRow;
  state: FundState;
  events: readonly FundEvent[];
  nextDeadline: number | null;
}

/**
 * The writes of one or more fund commands in one transaction, done together: one statement per
 * kind of row rather than one per fund. A user's command flushes a batch of one; the deadline
 * worker flushes a whole claimed batch, which is what keeps ten thousand due deadlines cheap.
 */
export class FundWriteBatch {
  private readonly changes: FundChange[] = [];
  private readonly postings: { organizationId: string; postings: LedgerTransaction[] }[] = [];
  private readonly notes: { organizationId: string; notes: NewNotification[] }[] = [];
  private readonly wire = new Map<string, WireEvent[]>();
  /** The open calls of organizations whose calls the caller read already. */
  private readonly knownCalls = new Map<string, readonly FundCall[]>();
  private firstAnswer: FirstAnswer | undefined;
  private payment: AcceptedPayment | undefined;

  constructor(
    private readonly now: Date,
    /** For the links in notification emails. */
    private readonly publicUrl: string,
  ) {}

  add(
    change: FundChange,
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

  /** The request's first answer, stored with the writes under its Idempotency-Key. */
  answer(userId: string, request: IdempotentRequest, response: unknown): void {
    this.firstAnswer = { userId, request, response };
  }

  /** The payment the command accepted: its method is remembered with the writes. */
  acceptedPayment(payment: AcceptedPayment): void {
    this.payment = payment;
  }

  /**
   * Writes everything. The rows of other kinds go first; a single fund's change then goes in
   * one statement with its socket events, the first answer, the payment's method and the
   * deletion of the calls it closed, which is what a member's command is
   * (db/fund-change.statement.ts); given `sendWithCommit`, that statement goes with the
   * transaction's commit. All of it commits together, so the order is
   * nobody's to see.
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
            isCallStillOpen(note.type, states.get(organizationId)!, note.userId),
        )
        .map((note) => ({ organizationId, note })),
    );
    await deliverNotifications(tx, allNotes, now, this.publicUrl);
    if (this.changes.length === 1) {
      const [only] = this.changes as [FundChange];
      const wire = this.wire.get(only.fund.organizationId) ?? [];
      const write = fundChangeStep(
        { ...only, wire, answer: this.firstAnswer, acceptedPayment: this.payment, closedCalls },
        now,
      );
      if (sendWithCommit) sendWithCommit(write);
      else await runNamed(tx, write.statement, write.values);
      return;
    }
    await deleteNotifications(tx, closedCalls);
    if (this.changes.length > 1) await saveFunds(tx, this.changes, now);
    await enqueueRealtimeBatch(tx, this.wire, now);
    const { firstAnswer, payment } = this;
    if (firstAnswer)
      await saveIdempotentAnswer(tx, firstAnswer.userId, firstAnswer.request, firstAnswer.response, now);
    if (payment) await rememberPayment(tx, payment, now);
  }

  /**
   * The ids of the calls to act that these changes closed (the date vote ended, the member paid,
   * the round moved on), deleted with them: a member's alerts never ask for what is done. The
   * socket events of the change make every member's alerts refresh.
   */
  private async closedCalls(tx: DbOrTx): Promise<string[]> {
    const states = new Map(this.changes.map((change) => [change.fund.organizationId, change.state]));
    // Only fund changes make or close these calls, under the fund's lock: read after the lock,
    // they are still what they were.
    const unknown = [...states.keys()].filter((id) => !this.knownCalls.has(id));
    const calls = [
      ...[...this.knownCalls.values()].flat(),
      ...(unknown.length > 0 ? await notificationsOfTypes(tx, unknown, fundCallTypes) : []),
    ];
    return calls
      .filter((call) => {
        const state = states.get(call.organizationId);
        return state !== undefined && !isCallStillOpen(call.type, state, call.userId);
      })
      .map((call) => call.id);
  }
}

/** Several funds' new states in one UPDATE, and all their events in one INSERT. */
async function saveFunds(tx: DbOrTx, changes: FundChange[], now: Date): Promise<void> {
  const rows = changes.map(
    (c) =>
      sql`(${c.fund.id}::uuid, ${JSON.stringify(c.state)}::jsonb, ${c.fund.version + 1}::int, ${
        c.nextDeadline === null ? null : new Date(c.nextDeadline).toISOString()
      }::timestamptz, ${reminderMomentsSql(c.state)})`,
  );
  await tx.execute(sql`
    update funds as f set state = v.state, version = v.version, next_deadline_at = v.next_deadline_at,
      next_reminder_at = ${nextReminderSql(sql`v.moments`, sql`f.reminders_through`)},
      updated_at = ${now.toISOString()}::timestamptz
    from (values ${sql.join(rows, sql`, `)}) as v(id, state, version, next_deadline_at, moments)
    where f.id = v.id`);
  const events = changes.flatMap((c) =>
    c.events.map((event) => ({
      fundId: c.fund.id,
      organizationId: c.fund.organizationId,
      type: event.type,
      payload: event,
      at: new Date(event.at),
    })),
  );
  if (events.length > 0) await tx.insert(fundEvents).values(events);
}
