import type { RequestDetails } from '@giro/contract/requests';
import type { RequestCommand } from '@giro/domain/requests/request-types';
import type { UserRow } from '../../db/user.repository';
import type { Deps } from '../../deps';
import { enqueueCharge } from '../../payments/payment-operations';
import { checkRequestCommand } from './apply-request-command';
import { type RunRequestOptions, withLockedRequests } from './run-request-command';

type Contribute = Extract<RequestCommand, { type: 'ContributeToRequest' }>;

/**
 * A PayPal contribution to a request is captured before it is recorded, as one into a fund
 * (domain.md: PayPal contributions are captured when made; contribute-by-paypal.ts). The
 * command is checked against the requests now, so a refusal answers at once and nothing is
 * captured; the capture is a payment operation with its outbox row, in this transaction, and
 * the request records the contribution only once PayPal has the money
 * (record-request-payment.ts). Recorded first, a declined capture left a request counting money
 * that never came: a request it completed paid its owner out of nothing, and the ledger kept
 * the capture of a declined payment.
 */
export function contributeToRequestByPaypal(
  deps: Deps,
  user: UserRow,
  command: Contribute,
  options: RunRequestOptions,
): Promise<RequestDetails> {
  return withLockedRequests(deps, user, command, options, async (tx, row) => {
    const now = deps.clock.now();
    await checkRequestCommand(tx, row, command, now);
    await enqueueCharge(
      tx,
      {
        organizationId: row.organizationId,
        target: { type: 'request', id: command.requestId },
        contributionId: command.contributionId,
        payerId: user.id,
        amountCents: command.amountCents,
        method: 'paypal',
        paymentMethodId: options.paymentMethodId ?? null,
        recordAfterCapture: true,
        ...(command.message ? { message: command.message } : {}),
      },
      now,
    );
    return row.state;
  });
}
