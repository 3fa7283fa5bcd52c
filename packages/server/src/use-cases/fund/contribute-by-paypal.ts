import { randomUUID } from 'node:crypto';
import type { FundView } from '@giro/contract/fund';
import { DomainError } from '@giro/domain/errors';
import { decide } from '@giro/domain/fund/decide';
import type { UserRow } from '../../db/user.repository';
import type { Deps } from '../../deps';
import { enqueueCharge } from '../../payments/payment-operations';
import { fundContext } from './apply-fund-command';
import { type RunOptions, withLockedFund } from './run-fund-command';

/**
 * A PayPal contribution is captured before it is recorded (domain.md: PayPal money is in escrow
 * when the contribution counts). The command is checked against the fund now, so a refusal
 * answers at once and nothing is captured; then the capture is recorded as a payment operation
 * with its outbox row, in this transaction. The worker captures (the operation's id as
 * PayPal-Request-Id) and only then does the fund record the contribution; if the fund refuses
 * it by then, the captured money is refunded. A crash anywhere repeats the capture, never doubles it.
 */
export async function contributeByPaypal(
  deps: Deps,
  user: UserRow,
  fundId: string,
  orderId: string | null,
  options: RunOptions,
  /** A cover: the participant this payment is for. */
  onBehalfOf?: string,
): Promise<FundView> {
  return withLockedFund(deps, user, fundId, options, async (tx, fund, { members, payoutAccounts }) => {
    const contributionId = randomUUID();
    const ctx = await fundContext(
      tx,
      deps,
      fund.state,
      members.map((m) => m.id),
      payoutAccounts,
    );
    const checked = decide(
      fund.state,
      {
        type: 'Contribute',
        userId: user.id,
        contributionId,
        method: 'paypal',
        ...(onBehalfOf ? { onBehalfOf } : {}),
      },
      ctx,
    );
    if (checked instanceof DomainError) throw checked;
    await enqueueCharge(
      tx,
      {
        organizationId: fund.organizationId,
        target: { type: 'fund', id: fund.id },
        contributionId,
        payerId: user.id,
        amountCents: fund.state.finalAmountCents ?? 0,
        method: 'paypal',
        paymentMethodId: orderId,
        recordAfterCapture: true,
        onBehalfOf,
        ...(fund.state.round
          ? { forRound: { cycleNumber: fund.state.cycleNumber, roundNumber: fund.state.round.number } }
          : {}),
      },
      deps.clock.now(),
    );
    return { state: fund.state, members };
  });
}
