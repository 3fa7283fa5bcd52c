import { emptyFund, evolve } from '@giro/domain/fund/evolve';
import type {
  Contribution,
  ContributionStatus,
  EmergencyChoice,
  FundEvent,
  FundState,
  WithdrawalOption,
} from '@giro/domain/fund/fund-types';
import type { FundEventsRow } from '../db/account-export.queries';

/** A vote the member cast in a fund, with only what they chose (never the draw's nonce). */
export interface FundVoteFact {
  kind: 'amount' | 'confirmation' | 'dismissal-acknowledgment' | 'restart' | 'withdrawal-date' | 'emergency';
  at: number;
  cycleNumber: number;
  amountCents?: number;
  accept?: boolean;
  /** The reason they gave for declining the amount. */
  reason?: string;
  option?: WithdrawalOption;
  choice?: EmergencyChoice;
  /** An emergency vote's: the member the vote was about. */
  aboutMemberId?: string;
}

/**
 * Never counted, and the fund state drops such ones: `failed`, the provider declined it;
 * `superseded`, a cover by hand gave way to the member's own payment; `not_received`, the
 * recipient said the cash never came; `cancelled`, the one who declared it took it back.
 */
export type ExportedContributionStatus =
  | ContributionStatus
  | 'failed'
  | 'superseded'
  | 'not_received'
  | 'cancelled';
type ExportedContribution = Omit<Contribution, 'status'> & { status: ExportedContributionStatus };

export interface FundHistory {
  fundId: string;
  organizationId: string;
  votes: FundVoteFact[];
  /** Contributions that count as the member's, or that they paid for another. */
  contributions: ExportedContribution[];
  payouts: {
    cycleNumber: number;
    roundNumber: number;
    grossCents: number;
    feeCents: number;
    netCents: number;
    at: number;
  }[];
  swaps: {
    event: 'requested' | 'accepted' | 'declined' | 'withdrawn' | 'lapsed';
    askedByMember: boolean;
    otherMemberId: string;
    at: number;
  }[];
}

/** The events by which a contribution goes without having counted, and how the export says so. */
const neverCounted = {
  ContributionFailed: 'failed',
  CoverSuperseded: 'superseded',
  ReceiptRefused: 'not_received',
  DeclarationCancelled: 'cancelled',
} as const satisfies Partial<Record<FundEvent['type'], ExportedContributionStatus>>;

const swapEvents = {
  SwapRequested: 'requested',
  SwapAccepted: 'accepted',
  SwapDeclined: 'declined',
  SwapWithdrawn: 'withdrawn',
  SwapLapsed: 'lapsed',
} as const;

/**
 * The member's part of one fund's history, by replaying its events through the domain's
 * `evolve` from the empty fund: the fund state keeps only the contributions still in play (ADR
 * 0041), so a contribution's last status (paid out, refunded, failed) is known only this way.
 */
export function memberFundHistory(fund: FundEventsRow, userId: string): FundHistory {
  const history: FundHistory = {
    fundId: fund.fundId,
    organizationId: fund.organizationId,
    votes: [],
    contributions: [],
    payouts: [],
    swaps: [],
  };
  const contributions = new Map<string, ExportedContribution>();
  let state: FundState = emptyFund(fund.fundId);
  for (const event of fund.events) {
    const before = state;
    state = evolve(state, event);
    const vote = voteOf(before, state, event, userId);
    if (vote) history.votes.push(vote);
    if (event.type === 'DismissalOpened' && event.by === userId) {
      const declined = history.votes.findLast((v) => v.kind === 'confirmation');
      if (declined) declined.reason = event.reason;
    }
    const unpaid = neverCounted[event.type as keyof typeof neverCounted];
    if (unpaid && 'contributionId' in event) {
      const gone = contributions.get(event.contributionId);
      if (gone) contributions.set(gone.id, { ...gone, status: unpaid });
    }
    if (event.type === 'RoundDistributed' && event.recipientId === userId) {
      const { roundNumber, grossCents, feeCents, netCents, at } = event;
      history.payouts.push({
        cycleNumber: before.cycleNumber,
        roundNumber,
        grossCents,
        feeCents,
        netCents,
        at,
      });
    }
    if (event.type in swapEvents) {
      const swap = event as Extract<FundEvent, { type: keyof typeof swapEvents }>;
      if (swap.fromId === userId || swap.toId === userId)
        history.swaps.push({
          event: swapEvents[swap.type],
          askedByMember: swap.fromId === userId,
          otherMemberId: swap.fromId === userId ? swap.toId : swap.fromId,
          at: swap.at,
        });
    }
    // A payout or a cycle's end takes what it settled out of the state, with its last status.
    const settled = 'settled' in event ? (event.settled ?? []) : [];
    for (const c of [...state.contributions, ...settled])
      if (c.contributorId === userId || c.paidBy === userId) contributions.set(c.id, c);
  }
  history.contributions = [...contributions.values()];
  return history;
}

function voteOf(before: FundState, after: FundState, event: FundEvent, userId: string): FundVoteFact | null {
  if (!('userId' in event) || event.userId !== userId) return null;
  const base = { at: event.at, cycleNumber: after.cycleNumber };
  switch (event.type) {
    case 'AmountVoted':
      return { ...base, kind: 'amount', amountCents: event.amountCents };
    case 'ConfirmationVoted':
      return { ...base, kind: 'confirmation', accept: event.accept };
    case 'DismissalAcknowledged':
      return { ...base, kind: 'dismissal-acknowledgment' };
    case 'RestartVoted':
      return { ...base, kind: 'restart' };
    case 'WithdrawalDateVoted':
      return { ...base, kind: 'withdrawal-date', option: event.option };
    case 'EmergencyVoteCast': {
      const about = before.round?.emergencies.find((v) => v.id === event.voteId)?.memberId;
      return { ...base, kind: 'emergency', choice: event.choice, ...(about ? { aboutMemberId: about } : {}) };
    }
    default:
      return null;
  }
}
