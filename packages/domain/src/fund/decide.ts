import { DomainError } from '../errors';
import { processDeadlines } from './deadlines';
import { Draft } from './draft';
import { voteEmergency } from './emergency';
import type { FundCommand, FundContext, FundEvent, FundState } from './fund-types';
import { removeMember } from './membership';
import {
  cancelDeclaration,
  confirmReceipt,
  contribute,
  distributionResult,
  holdCaptured,
  paymentFailed,
  payoutAccountChanged,
  refundCompleted,
  refuseReceipt,
  requestRefund,
  withdraw,
} from './rounds';
import { acceptSwap, declineSwap, lapseStaleSwaps, requestSwap, withdrawSwap } from './swaps';
import {
  acknowledgeDismissal,
  openVoting,
  voteAmount,
  voteConfirmation,
  voteRestart,
  voteWithdrawalDate,
} from './voting';

/**
 * The rotating fund's decider: given the state, a command and the context (the time, the
 * test clock, payout accounts), the events that follow, or the DomainError that refuses it.
 * Due deadlines are processed first, so a command never acts on a phase that has already ended,
 * and again after it. The round's recipient's payout account is followed on every command too
 * (ADR 0059): a change it missed (a round written by an earlier release) is caught up then.
 */
export function decide(state: FundState, command: FundCommand, ctx: FundContext): FundEvent[] | DomainError {
  const d = new Draft(state);
  const at = ctx.now;
  try {
    processDeadlines(d, ctx, at);
    if (d.state.round) payoutAccountChanged(d, ctx, d.state.round.recipientId, at);
    switch (command.type) {
      case 'DeadlinePassed':
        break;
      case 'PayoutAccountChanged':
        // Followed above for the recipient, the only member whose account the round waits for.
        break;
      case 'OpenVoting':
        openVoting(d, command.members, command.nonce, at);
        break;
      case 'VoteAmount':
        voteAmount(d, command.userId, command.amountCents, at);
        break;
      case 'VoteConfirmation':
        voteConfirmation(d, command.userId, command.accept, command.accept ? undefined : command.reason, at);
        break;
      case 'AcknowledgeDismissal':
        acknowledgeDismissal(d, command.userId, at);
        break;
      case 'VoteRestart':
        voteRestart(d, command.userId, at, command.nonce);
        break;
      case 'VoteWithdrawalDate':
        voteWithdrawalDate(d, ctx, command.userId, command.option, at);
        break;
      case 'Contribute':
        contribute(d, ctx, command.userId, command.contributionId, command.method, at, command.onBehalfOf);
        break;
      case 'ContributionPaymentFailed':
        paymentFailed(d, command.contributionId, at);
        break;
      case 'HoldCaptured':
        holdCaptured(d, command.contributionId, at);
        break;
      case 'ConfirmReceipt':
        confirmReceipt(d, ctx, command.userId, command.contributionId, at);
        break;
      case 'RefuseReceipt':
        refuseReceipt(d, command.userId, command.contributionId, at);
        break;
      case 'CancelDeclaration':
        cancelDeclaration(d, command.userId, command.contributionId, at);
        break;
      case 'Withdraw':
        withdraw(d, ctx, command.userId, at);
        break;
      case 'DistributionSucceeded':
        distributionResult(d, true, at);
        break;
      case 'DistributionFailed':
        distributionResult(d, false, at, command.captured ?? []);
        break;
      case 'VoteEmergency':
        voteEmergency(d, ctx, command.userId, command.voteId, command.choice, at);
        break;
      case 'RequestRefund':
        requestRefund(d, command.userId, command.contributionId, at);
        break;
      case 'RefundCompleted':
        refundCompleted(d, command.contributionId, at);
        break;
      case 'MemberLeft':
        removeMember(d, command.userId, at);
        break;
      case 'RequestSwap':
        requestSwap(d, command.userId, command.withMemberId, command.swapId, at);
        break;
      case 'AcceptSwap':
        acceptSwap(d, command.userId, command.swapId, at);
        break;
      case 'DeclineSwap':
        declineSwap(d, command.userId, command.swapId, at);
        break;
      case 'WithdrawSwap':
        withdrawSwap(d, command.userId, command.swapId, at);
        break;
    }
    // A command can end a turn's chance to move (an expulsion, a round that starts).
    lapseStaleSwaps(d, at);
    // A command can make something due at once (a declined payment after its extension ran out).
    processDeadlines(d, ctx, at);
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  return d.events;
}
