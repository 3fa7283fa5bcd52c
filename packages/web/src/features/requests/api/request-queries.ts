import type { PayoutsOwed, RequestDetails, RequestsOverview } from '@giro/contract/requests';
import { useQuery } from '@tanstack/react-query';
import { getQueryFn } from '../../../lib/api-client';

/** The default read GETs the key's parts joined by '/'; the details key extends the overview's. */
export const requestsKey = ['/api/requests'] as const;
export const requestKey = (id: string) => ['/api/requests', id] as const;

const read = getQueryFn({ on401: 'throw' });

/** GET /api/requests: the active request, the queue, the recent activity. */
export function useRequests(enabled = true) {
  return useQuery({
    queryKey: requestsKey,
    enabled,
    queryFn: read<RequestsOverview>,
    select: (data) => data as RequestsOverview,
  });
}

export function useRequestDetails(id: string) {
  return useQuery({
    queryKey: requestKey(id),
    queryFn: read<RequestDetails>,
    select: (data) => data as RequestDetails,
    // A payout under way is asked about again: its owner may be outside the family (ADR 0057),
    // where no socket tells them how it went.
    refetchInterval: (query) =>
      (query.state.data as RequestDetails | undefined)?.payout?.status === 'pending' ? 15_000 : false,
    // A 404 (another organization's id, or none) will not change by asking again.
    retry: (count, error) =>
      !(error instanceof Error && 'status' in error && error.status === 404) && count < 3,
  });
}

/**
 * Kept apart from the requests' keys, which every socket event refreshes (lib/socket-client): the
 * home asks for it for every member, and it changes only with the member's own payout (a retry
 * refreshes it, request-actions).
 */
export const payoutsOwedKey = ['/api/payouts-owed'] as const;

/**
 * GET /api/requests/payouts-owed: the member's payouts still owed, by families they left (ADR
 * 0057) or failed in their own.
 */
export function usePayoutsOwed() {
  return useQuery({
    queryKey: payoutsOwedKey,
    queryFn: () => read<PayoutsOwed>({ queryKey: ['/api/requests', 'payouts-owed'] }),
    select: (data) => data as PayoutsOwed,
  });
}
