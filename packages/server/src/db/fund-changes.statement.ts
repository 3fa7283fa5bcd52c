import { realtimeRowsSql, realtimeRowsValue } from '../realtime/enqueue-realtime';
import type { WireEvent } from '../realtime/wire-events';
import { type FundRowChange, fundRowsSql, fundRowsValue } from './fund.repository';
import { answerRowsSql, answerRowsValue, type FirstAnswer } from './idempotency.repository';
import { namedStatement } from './named-statement';
import { closedCallsSql, closedCallsValues } from './notification.repository';
import {
  type AcceptedPayment,
  preferenceRowsSql,
  preferenceRowsValue,
} from './payment-preferences.repository';
import { type NamedStep, step } from './statement-pipeline';

/**
 * Fund changes' writes in one statement (issue 15): the funds' new states and events, the socket
 * events with their sequence numbers (announced at the commit), the requests' first answers under
 * their Idempotency-Keys, the payments' remembered methods and the deletion of the calls to act
 * the changes closed (a contribution closes the payer's "pay now"). Each part is the SQL its own
 * repository owns, and reads its rows from one JSON array, so the text is the same for one change
 * or fifty: a named statement (db/named-statement.ts), planned once per connection, sent with the
 * transaction's commit (db/opened-transaction.ts). With the session's read and the opening, a
 * member's contribution is three round trips; a batch of them
 * (use-cases/fund/fund-command-batches.ts) or of due deadlines, the same three.
 */
const statement = namedStatement(
  'fund_changes_save',
  `with ${fundRowsSql({ changes: '$1', now: '$6' })},
   ${realtimeRowsSql({ wire: '$2', now: '$6' })},
   ${answerRowsSql({ answers: '$3', now: '$6' })},
   ${preferenceRowsSql({ payments: '$4', now: '$6' })},
   ${closedCallsSql({ ids: '$5' })}
   select count(*) from announced`,
);

export interface FundChangesWrite {
  changes: readonly FundRowChange[];
  /** Each organization's socket events. */
  wire: ReadonlyMap<string, readonly WireEvent[]>;
  /** The requests' first answers, stored under their keys. */
  answers: readonly FirstAnswer[];
  acceptedPayments: readonly AcceptedPayment[];
  /** The ids of the notifications (calls to act) the changes closed. */
  closedCalls: readonly string[];
}

/** The statement that writes the changes, for their transaction to run or to send with its commit. */
export function fundChangesStep(write: FundChangesWrite, now: Date): NamedStep {
  return step(statement, [
    fundRowsValue(write.changes),
    realtimeRowsValue([...write.wire].filter(([, events]) => events.length > 0)),
    answerRowsValue(write.answers),
    preferenceRowsValue(write.acceptedPayments),
    ...closedCallsValues(write.closedCalls),
    now.getTime(),
  ]);
}
