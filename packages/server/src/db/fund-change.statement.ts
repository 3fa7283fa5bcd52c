import type { FundEvent, FundState } from '@giro/domain/fund/fund-types';
import { realtimeRowsSql } from '../realtime/enqueue-realtime';
import type { WireEvent } from '../realtime/wire-events';
import { type FundRow, fundRowsSql, fundRowValues } from './fund.repository';
import { answerRowSql, answerRowValues, type FirstAnswer } from './idempotency.repository';
import { namedStatement } from './named-statement';
import { closedCallsSql, closedCallsValues } from './notification.repository';
import {
  type AcceptedPayment,
  preferenceRowSql,
  preferenceRowValues,
} from './payment-preferences.repository';
import { type NamedStep, step } from './statement-pipeline';

/**
 * One member's fund command's writes in one statement (issue 15): the fund's new state and
 * events, the socket events with their sequence numbers, the request's first answer under its
 * Idempotency-Key, the payment's remembered method and the deletion of the calls to act the
 * change closed (a contribution closes the payer's "pay now"). Each part is the SQL its own
 * repository owns; a part whose values are null or empty writes nothing. A named statement
 * (db/named-statement.ts), sent with the transaction's commit (db/opened-transaction.ts): with
 * the session's read and the opening, a contribution is three round trips.
 */
const statement = namedStatement(
  'fund_change_save',
  `with ${fundRowsSql},
   ${realtimeRowsSql({ organization: '$8', events: '$9', now: '$6' })},
   ${answerRowSql({ key: '$10', user: '$11', route: '$12', hash: '$13', response: '$14', now: '$6' })},
   ${preferenceRowSql({ user: '$15', method: '$16', address: '$17', now: '$6' })},
   ${closedCallsSql({ ids: '$18' })}
   select 1`,
);

export interface FundChangeWrite {
  fund: FundRow;
  state: FundState;
  events: readonly FundEvent[];
  nextDeadline: number | null;
  wire: readonly WireEvent[];
  /** The request's first answer, stored under its key. */
  answer?: FirstAnswer | undefined;
  acceptedPayment?: AcceptedPayment | undefined;
  /** The ids of the notifications (calls to act) the change closed. */
  closedCalls: readonly string[];
}

/** The statement that writes the change, for its transaction to run or to send with its commit. */
export function fundChangeStep(change: FundChangeWrite, now: Date): NamedStep {
  return step(statement, [
    ...fundRowValues(change.fund, change.state, change.events, change.nextDeadline, now),
    change.fund.organizationId,
    JSON.stringify(change.wire),
    ...answerRowValues(change.answer),
    ...preferenceRowValues(change.acceptedPayment),
    ...closedCallsValues(change.closedCalls),
  ]);
}
