import { QueryClient } from '@tanstack/react-query';
import { ApiError, getQueryFn } from './api-client';

/** Retries: 3, delay doubling from 1 s to a 30 s cap (SPEC §9); never for a client error but 408/429. */
const shouldRetry = (failureCount: number, error: unknown) => {
  if (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 408 &&
    error.status !== 429
  ) {
    return false;
  }
  return failureCount < 3;
};
/**
 * An action is tried again only where the server or the network failed it: an answer (an
 * ApiError, not a 429: its limit lasts minutes, and each retry of a sign-in would spend another
 * of the member's attempts, ADR 0054) or no answer at all (fetch's TypeError). Not what failed in
 * the browser: a passkey's sheet cancelled or refused came back three more times, each asking the
 * password again, until the limit locked the member out. A read may be.
 */
export const shouldRetryAction = (failureCount: number, error: unknown) =>
  ((error instanceof ApiError && error.status !== 429) || error instanceof TypeError) &&
  shouldRetry(failureCount, error);
export const retryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000);

/** SPEC §9: fresh 5 minutes, kept 30, no refetch on focus or reconnect, no polling. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: 5 * 60_000,
        gcTime: 30 * 60_000,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        refetchInterval: false,
        retry: shouldRetry,
        retryDelay,
      },
      // Offline an action fails at once, it is never queued to run later unseen: the buttons
      // that need the server are disabled offline anyway (components/ui/button).
      mutations: { retry: shouldRetryAction, retryDelay, networkMode: 'always' },
    },
  });
}
