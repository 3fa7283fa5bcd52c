import { randomUUID } from 'node:crypto';
import type { FundView, SwapView } from '@giro/contract/fund';
import type { UserRow } from '../../db/user.repository';
import type { Deps } from '../../deps';
import { type RunOptions, runFundCommand } from './run-fund-command';

/**
 * A participant asks another to swap turns (domain.md, Swapping turns). The answer names the
 * new request: the one open request between the two (there is never more than one), found in
 * the view, so a replayed Idempotency-Key answers the same request from the stored view.
 */
export async function requestSwap(
  deps: Deps,
  user: UserRow,
  fundId: string,
  withMemberId: string,
  options: RunOptions,
): Promise<SwapView & { fund: FundView }> {
  const fund = await runFundCommand(
    deps,
    user,
    fundId,
    { type: 'RequestSwap', userId: user.id, withMemberId, swapId: randomUUID() },
    options,
  );
  const swap = fund.swaps.find((s) => s.fromId === user.id && s.toId === withMemberId);
  // The decider lapses a request only when a turn starts or someone leaves, never in the command that makes it.
  if (!swap) throw new Error('the swap just requested is not open');
  return { ...swap, fund };
}
