import type { Cents } from '../money';

/** Funding requests (domain.md, Funding requests): one active per organization, the rest queued FIFO. */
export type RequestStatus = 'pending' | 'active' | 'completed' | 'concluded' | 'cancelled' | 'expired';

/** How a request contribution is paid: a card hold captured at payout, or PayPal captured at once. */
export type RequestPaymentMethod = 'card' | 'paypal';

export interface RequestContribution {
  id: string;
  contributorId: string;
  amountCents: Cents;
  /** Absent on contributions recorded before methods were stored: they count as card holds. */
  method?: RequestPaymentMethod;
  message: string | null;
  at: number;
  refunded: boolean;
  /** The provider declined the payment: it never counted, and its booking was reversed. */
  failed?: boolean;
  /**
   * The provider took the money (PayPal at once, a card hold when a payout captured it) and the
   * ledger books it on the platform's balance there (`provider-held:<method>`, ADR 0030).
   * Absent: still in the request's escrow (a hold, or PayPal booked before stop 29).
   */
  captured?: boolean;
}

export interface FundingRequest {
  id: string;
  ownerId: string;
  title: string;
  description: string;
  targetCents: Cents;
  status: RequestStatus;
  createdAt: number;
  activatedAt: number | null;
  expiresAt: number | null;
  endedAt: number | null;
  contributions: RequestContribution[];
  /** Set when the collected money was paid out to the owner (gross − fee). */
  payout: RequestPayout | null;
}

/**
 * The owner's payout (gross − fee), asked for when the request ends and booked when the provider
 * confirms it; after a failed attempt the money waits (on the cards, or captured at the
 * provider) until the owner retries (attempts number from 1).
 * Absent status and attempt: a payout recorded before attempts were tracked, the first, pending.
 */
export interface RequestPayout {
  grossCents: Cents;
  feeCents: Cents;
  netCents: Cents;
  status?: 'pending' | 'paid' | 'failed';
  attempt?: number;
  /**
   * Booked once, when the provider confirms it, from the provider balances (ADR 0030). Absent:
   * a payout asked for before stop 29, booked from escrow when asked for and reversed when an
   * attempt fails, as it was then.
   */
  bookedWhenPaid?: boolean;
}

export interface RequestsState {
  requests: FundingRequest[];
}

export type RequestEvent =
  | {
      type: 'RequestCreated';
      at: number;
      request: Pick<FundingRequest, 'id' | 'ownerId' | 'title' | 'description' | 'targetCents'>;
    }
  | { type: 'RequestActivated'; at: number; requestId: string; expiresAt: number }
  | {
      type: 'RequestEdited';
      at: number;
      requestId: string;
      title: string;
      description: string;
      targetCents: Cents;
    }
  | { type: 'RequestContributed'; at: number; requestId: string; contribution: RequestContribution }
  | {
      type: 'RequestEnded';
      at: number;
      requestId: string;
      status: 'completed' | 'concluded' | 'expired' | 'cancelled';
    }
  | {
      type: 'RequestPaidOut';
      at: number;
      requestId: string;
      grossCents: Cents;
      feeCents: Cents;
      netCents: Cents;
    }
  | { type: 'RequestContributionRefunded'; at: number; requestId: string; contributionId: string }
  | { type: 'RequestContributionFailed'; at: number; requestId: string; contributionId: string }
  /** A card hold captured before it could expire (ADR 0048): booked at the provider's balance. */
  | { type: 'RequestContributionCaptured'; at: number; requestId: string; contributionId: string }
  /**
   * `captured`: the card holds the provider captured during this attempt (all of them when it
   * succeeded). Absent on events recorded before stop 29.
   */
  | {
      type: 'RequestPayoutSettled';
      at: number;
      requestId: string;
      attempt: number;
      ok: boolean;
      captured?: string[];
    }
  | { type: 'RequestPayoutRetried'; at: number; requestId: string; attempt: number };

export type RequestCommand =
  | {
      type: 'CreateRequest';
      requestId: string;
      ownerId: string;
      title: string;
      description: string;
      targetCents: Cents;
    }
  | {
      type: 'EditRequest';
      requestId: string;
      userId: string;
      title?: string;
      description?: string;
      targetCents?: Cents;
    }
  | {
      type: 'ContributeToRequest';
      requestId: string;
      userId: string;
      contributionId: string;
      amountCents: Cents;
      /** Card when not given. */
      method?: RequestPaymentMethod;
      message?: string;
    }
  | { type: 'ConcludeRequest'; requestId: string; userId: string }
  | { type: 'CancelRequest'; requestId: string; userId: string }
  | { type: 'RequestDeadlinePassed' }
  /** The provider declined a contribution's payment (reported back by the payment handler). */
  | { type: 'RequestContributionPaymentFailed'; requestId: string; contributionId: string }
  /** The provider captured a card hold early, before it expired (ADR 0048). */
  | { type: 'RequestHoldCaptured'; requestId: string; contributionId: string }
  /** The provider's answer to a payout attempt (reported back by the payment handler). */
  | { type: 'RequestPayoutOutcome'; requestId: string; attempt: number; ok: boolean; captured?: string[] }
  /** The owner asks again for a payout that failed (once their payout account works). */
  | { type: 'RetryRequestPayout'; requestId: string; userId: string };
