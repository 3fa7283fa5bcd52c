import type {
  CreateRequestBody,
  EditRequestBody,
  RequestContributeBody,
  RequestDetails,
} from '@giro/contract/requests';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/ui/toast-store';
import { apiRequest, errorText } from '../../../lib/api-client';
import { useMutation } from '../../../lib/mutation';
import { rememberAcceptedPayment } from '../../../lib/payment-preferences';
import { uuid } from '../../../lib/uuid';
import { payoutsOwedKey, requestKey, requestsKey } from './request-queries';

/**
 * What a request command changes: the request, the overview and the dashboard (totals, queue),
 * and the payouts owed (a retry).
 */
function refresh(client: QueryClient, details: RequestDetails) {
  client.setQueryData(requestKey(details.id), details);
  return Promise.all(
    [requestsKey, ['/api/dashboard'], ['/api/user-notifications'], payoutsOwedKey].map((queryKey) =>
      client.invalidateQueries({ queryKey }),
    ),
  );
}

type Call = { method: string; url: string; body?: unknown; headers?: Record<string, string> };
/** A success toast's title key, or its title and description keys. */
type Said = string | { title: string; detail: string };

/**
 * A request command with its success and failure toasts (SPEC §8), both in the user's language.
 * `accepted` runs on success at the hook's level, so also when the component that asked is gone.
 */
function useRequestMutation<I>(
  build: (input: I) => Call,
  ok: Said | ((input: I) => Said),
  failed: string,
  accepted?: (client: QueryClient, input: I) => void,
) {
  const client = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (input: I) => {
      const call = build(input);
      return apiRequest<RequestDetails>(call.method, call.url, call.body, {
        ...(call.headers ? { headers: call.headers } : {}),
      });
    },
    onSuccess: (details, input) => {
      accepted?.(client, input);
      const said = typeof ok === 'function' ? ok(input) : ok;
      toast(
        typeof said === 'string' ? { title: t(said) } : { title: t(said.title), description: t(said.detail) },
      );
      return refresh(client, details);
    },
    onError: (error) => toast({ title: t(failed), description: errorText(error), variant: 'destructive' }),
  });
}

export function useCreateRequest() {
  return useRequestMutation(
    (body: CreateRequestBody) => ({ method: 'POST', url: '/api/requests', body }),
    'requests.toast.created',
    'requests.toast.createFailed',
  );
}

export function useEditRequest(id: string) {
  return useRequestMutation(
    (body: EditRequestBody) => ({ method: 'PATCH', url: `/api/requests/${id}`, body }),
    'requests.toast.updated',
    'requests.toast.updateFailed',
  );
}

export function useCancelRequest(id: string) {
  return useRequestMutation(
    () => ({ method: 'POST', url: `/api/requests/${id}/cancel` }),
    'requests.toast.cancelled',
    'requests.toast.cancelFailed',
  );
}

export function useConcludeRequest(id: string) {
  return useRequestMutation(
    () => ({ method: 'POST', url: `/api/requests/${id}/conclude` }),
    'requests.toast.concluded',
    'requests.toast.concludeFailed',
  );
}

/** The owner asks again for a payout that failed (once their payment account works). */
export function useRetryPayout(id: string) {
  return useRequestMutation(
    () => ({ method: 'POST', url: `/api/requests/${id}/retry-payout` }),
    'requests.toast.payoutRetried',
    'requests.toast.payoutRetryFailed',
  );
}

/** Money moves: one Idempotency-Key per press of the button, kept across the mutation's retries. */
export function useContributeToRequest(id: string) {
  return useRequestMutation(
    ({ body, key }: { body: RequestContributeBody; key: string }) => ({
      method: 'POST',
      url: `/api/requests/${id}/contributions`,
      body,
      headers: { 'Idempotency-Key': key },
    }),
    // PayPal counts once captured, a moment later (by the socket), and a card once its bank
    // answers the hold (the outbox): the toast says so, not "made".
    ({ body }) =>
      body.method === 'paypal'
        ? { title: 'requests.toast.paypalSent', detail: 'requests.toast.paypalSentDetail' }
        : { title: 'requests.toast.cardSent', detail: 'requests.toast.cardSentDetail' },
    'requests.toast.contributeFailed',
    // A contribution that completes the request takes the active card, and this modal, away
    // (by the socket) before its answer can arrive: the next payment must still start from it.
    (client, { body }) => rememberAcceptedPayment(client, body),
  );
}

export const newIdempotencyKey = uuid;
