import type { FundEvent } from '@giro/domain/fund/fund-types';

/** The socket's fund event names (api.md, WebSocket /ws). */
export type FundWireType =
  | 'FUND_VOTE_CAST'
  | 'FUND_CONFIRMATION_VOTE'
  | 'FUND_STATE_CHANGED'
  | 'FUND_DISMISSAL_ACKNOWLEDGED'
  | 'FUND_MONTHLY_CONTRIBUTION_MADE'
  | 'FUND_CONTRIBUTION_PAID'
  | 'FUND_CONTRIBUTION_AUTHORIZED'
  | 'FUND_CREATED'
  | 'FUND_RESTART_VOTE'
  | 'FUND_ACTIVATED'
  | 'FUND_DISTRIBUTED'
  | 'FUND_VOTING_TIMEOUT_REACHED'
  | 'FUND_WITHDRAWAL_DATE_VOTE';

export interface WireEvent {
  type: FundWireType | 'NOTIFICATION_CREATED' | 'REQUEST_UPDATED';
  fundId?: string;
  requestId?: string;
  at: string;
  /** Who it concerns, where one member does (the voter, the contributor). */
  userId?: string;
}

/**
 * The socket event that tells clients about a domain event. Only names and ids travel: the
 * clients refetch what they show, so no amount or vote leaks before its time.
 */
export function wireTypeOf(event: FundEvent): FundWireType {
  switch (event.type) {
    case 'VotingOpened':
      return event.newCycle ? 'FUND_CREATED' : 'FUND_STATE_CHANGED';
    case 'AmountVoted':
      return 'FUND_VOTE_CAST';
    case 'VotingClosed':
      return event.byTimeout ? 'FUND_VOTING_TIMEOUT_REACHED' : 'FUND_STATE_CHANGED';
    case 'ConfirmationVoted':
      return 'FUND_CONFIRMATION_VOTE';
    case 'DismissalAcknowledged':
      return 'FUND_DISMISSAL_ACKNOWLEDGED';
    case 'RestartVoted':
      return 'FUND_RESTART_VOTE';
    case 'FundActivated':
      return 'FUND_ACTIVATED';
    case 'WithdrawalDateVoted':
      return 'FUND_WITHDRAWAL_DATE_VOTE';
    case 'ContributionMade':
      return event.contribution.method === 'card'
        ? 'FUND_CONTRIBUTION_AUTHORIZED'
        : 'FUND_MONTHLY_CONTRIBUTION_MADE';
    case 'ContributionConfirmed':
      return 'FUND_CONTRIBUTION_PAID';
    case 'RoundDistributed':
      return 'FUND_DISTRIBUTED';
    default:
      return 'FUND_STATE_CHANGED';
  }
}

export function fundWireEvents(fundId: string, events: readonly FundEvent[]): WireEvent[] {
  return events.map((event) => {
    const userId =
      'userId' in event
        ? event.userId
        : event.type === 'ContributionMade'
          ? event.contribution.contributorId
          : undefined;
    return {
      type: wireTypeOf(event),
      fundId,
      at: new Date(event.at).toISOString(),
      ...(userId ? { userId } : {}),
    };
  });
}
