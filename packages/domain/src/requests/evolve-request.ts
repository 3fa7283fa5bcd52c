import { netPayout } from '../money';
import type { FundingRequest, RequestEvent, RequestsState } from './request-types';

function update(
  state: RequestsState,
  id: string,
  change: (r: FundingRequest) => Partial<FundingRequest>,
): RequestsState {
  return { requests: state.requests.map((r) => (r.id === id ? { ...r, ...change(r) } : r)) };
}

/** Applies one request event (facts only: evolve never refuses). */
export function evolveRequests(state: RequestsState, event: RequestEvent): RequestsState {
  switch (event.type) {
    case 'RequestCreated':
      return {
        requests: [
          ...state.requests,
          {
            ...event.request,
            status: 'pending',
            createdAt: event.at,
            activatedAt: null,
            expiresAt: null,
            endedAt: null,
            contributions: [],
            payout: null,
          },
        ],
      };
    case 'RequestActivated':
      return update(state, event.requestId, () => ({
        status: 'active',
        activatedAt: event.at,
        expiresAt: event.expiresAt,
      }));
    case 'RequestEdited':
      return update(state, event.requestId, () => ({
        title: event.title,
        description: event.description,
        targetCents: event.targetCents,
      }));
    case 'RequestContributed':
      return update(state, event.requestId, (r) => ({
        contributions: [
          ...r.contributions,
          // PayPal is captured before it is recorded: its posting books it at PayPal at once.
          event.contribution.method === 'paypal'
            ? { ...event.contribution, captured: true }
            : event.contribution,
        ],
      }));
    case 'RequestEnded':
      return update(state, event.requestId, () => ({ status: event.status, endedAt: event.at }));
    case 'RequestPaidOut':
      return update(state, event.requestId, () => ({
        payout: {
          grossCents: event.grossCents,
          feeCents: event.feeCents,
          netCents: event.netCents,
          status: 'pending',
          attempt: 1,
          bookedWhenPaid: true,
        },
      }));
    case 'RequestPayoutSettled':
      return update(state, event.requestId, (r) => {
        // Only a payout booked at the provider balances marks captures (ADR 0030); an older one
        // keeps its money in escrow until it is paid, as it was booked.
        const captured = new Set(r.payout?.bookedWhenPaid ? (event.captured ?? []) : []);
        return {
          payout: r.payout && { ...r.payout, status: event.ok ? 'paid' : 'failed' },
          contributions: r.contributions.map((c) => (captured.has(c.id) ? { ...c, captured: true } : c)),
        };
      });
    case 'RequestPayoutRetried':
      return update(state, event.requestId, (r) => ({
        payout: r.payout && { ...r.payout, status: 'pending', attempt: event.attempt },
      }));
    case 'RequestContributionRefunded':
      return update(state, event.requestId, (r) => ({
        contributions: r.contributions.map((c) =>
          c.id === event.contributionId ? { ...c, refunded: true } : c,
        ),
      }));
    case 'RequestContributionCaptured':
      return update(state, event.requestId, (r) => ({
        contributions: r.contributions.map((c) =>
          c.id === event.contributionId ? { ...c, captured: true } : c,
        ),
      }));
    case 'RequestContributionFailed':
      return update(state, event.requestId, (r) => {
        const contributions = r.contributions.map((c) =>
          c.id === event.contributionId ? { ...c, failed: true } : c,
        );
        // After the end (a hold failed while its payout was unpaid): the payout is what is still
        // held, with its fee again, so any retry (this release's or the one before) asks for it.
        if (r.status === 'active' || !r.payout) return { contributions };
        const gross = contributions
          .filter((c) => !c.refunded && !c.failed)
          .reduce((sum, c) => sum + c.amountCents, 0);
        const amounts = netPayout(gross) ?? { feeCents: 0, netCents: 0 };
        return { contributions, payout: { ...r.payout, grossCents: gross, ...amounts } };
      });
  }
}
