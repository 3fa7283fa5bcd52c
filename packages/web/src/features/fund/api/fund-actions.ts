import type { ContributeBody, FundView } from '@giro/contract/fund';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/ui/toast-store';
import { apiRequest, errorText } from '../../../lib/api-client';
import { useMutation } from '../../../lib/mutation';
import { rememberAcceptedPayment } from '../../../lib/payment-preferences';
import { uuid } from '../../../lib/uuid';
import { fundKey } from './fund-queries';
import { markPaymentSent } from './sent-payments';

/**
 * Every fund command (api.md, Rotating fund): the path under the fund, whether it moves money
 * (then one Idempotency-Key per user action, kept across retries), and its toasts (SPEC §8).
 */
const actions = {
  voteAmount: { path: () => 'votes/amount', ok: 'voteSubmitted', failed: 'voteFailed' },
  accept: { path: () => 'votes/confirmation', ok: 'voteSubmitted', failed: 'submitVoteFailed' },
  dismiss: { path: () => 'votes/confirmation', ok: 'dismissalSubmitted', failed: 'dismissFailed' },
  acknowledge: { path: () => 'dismissal/acknowledge', ok: 'acknowledged', failed: 'acknowledgeFailed' },
  restart: { path: () => 'votes/restart', ok: 'voteSubmitted', failed: 'voteFailed' },
  voteDate: { path: () => 'votes/withdrawal-date', ok: 'voteSubmitted', failed: 'voteFailed' },
  contribute: { path: () => 'contributions', ok: 'contributed', failed: 'contributeFailed', money: true },
  confirmReceipt: {
    path: (id?: string) => `contributions/${id}/confirm-receipt`,
    ok: 'receiptConfirmed',
    failed: 'confirmReceiptFailed',
    money: true,
  },
  refuseReceipt: {
    path: (id?: string) => `contributions/${id}/not-received`,
    ok: 'receiptRefused',
    failed: 'refuseReceiptFailed',
    money: true,
  },
  cancelDeclaration: {
    path: (id?: string) => `contributions/${id}/cancel`,
    ok: 'declarationCancelled',
    failed: 'cancelDeclarationFailed',
    money: true,
  },
  withdraw: { path: () => 'withdraw', ok: 'distributed', failed: 'distributeFailed', money: true },
  voteEmergency: {
    path: (id?: string) => `emergency-votes/${id}`,
    ok: 'voteSubmitted',
    failed: 'voteFailed',
  },
} as const;
export type FundAction = keyof typeof actions;

/**
 * A contribution whose money is not in yet says so rather than "made": PayPal's capture is
 * confirmed a moment later (by the socket), a manual payment counts once the recipient confirms
 * it (domain.md). Each names its toast's title, and with Detail its description.
 */
const moneyNotInYet: Partial<Record<string, 'paypalSent' | 'declared' | 'cardSent'>> = {
  paypal: 'paypalSent',
  manual: 'declared',
  // The bank answers the hold a moment later (the outbox): a decline is told then, not a success now.
  card: 'cardSent',
};

/** Keys that change with the fund: the per-fund views, and what the dashboard shows. */
export function storeFundView(client: QueryClient, view: FundView): Promise<unknown> {
  client.setQueryData(fundKey, view);
  return Promise.all(
    [
      ['/api/rotating-fund', view.id],
      ['/api/dashboard'],
      ['/api/monthly-contributions'],
      ['/api/user-notifications'],
      ['/api/family/members'],
    ].map((queryKey) => client.invalidateQueries({ queryKey })),
  );
}

interface Input {
  fundId: string;
  /** The contribution or emergency vote the path names. */
  id?: string;
  body?: unknown;
}

export function useFundAction(action: FundAction) {
  const client = useQueryClient();
  const { t } = useTranslation();
  const spec = actions[action];
  const mutation = useMutation({
    mutationFn: ({ fundId, id, body, key }: Input & { key: string }) =>
      apiRequest<FundView>(
        'POST',
        `/api/rotating-fund/${fundId}/${spec.path(id)}`,
        body,
        'money' in spec ? { headers: { 'Idempotency-Key': key } } : {},
      ),
    onSuccess: (view, { body }) => {
      const payment = action === 'contribute' ? (body as ContributeBody) : undefined;
      const method = payment?.method;
      if (payment) rememberAcceptedPayment(client, payment);
      // PayPal money counts once PayPal confirms the capture, a moment later (by the socket).
      if (method === 'paypal' && view.round) markPaymentSent(view.id, view.round.number);
      const pending = method ? moneyNotInYet[method] : undefined;
      toast(
        pending
          ? { title: t(`fund.toast.${pending}`), description: t(`fund.toast.${pending}Detail`) }
          : { title: t(`fund.toast.${spec.ok}`) },
      );
      return storeFundView(client, view);
    },
    onError: (error) =>
      toast({ title: t(`fund.toast.${spec.failed}`), description: errorText(error), variant: 'destructive' }),
  });
  return {
    isPending: mutation.isPending,
    /** The last attempt's failure, for a screen that says more than the toast (a link to act on it). */
    error: mutation.error,
    run: (input: Input, options?: { onSuccess?: () => void; onError?: (error: Error) => void }) =>
      mutation.mutate({ ...input, key: uuid() }, options),
  };
}

/** Creates the fund, or starts the next cycle after a completed or cancelled one. */
export function useStartFund() {
  const client = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: () => apiRequest<FundView>('POST', '/api/rotating-fund'),
    onSuccess: (view) => {
      toast({ title: t('fund.toast.created') });
      return storeFundView(client, view);
    },
    onError: (error) =>
      toast({ title: t('fund.toast.createFailed'), description: errorText(error), variant: 'destructive' }),
  });
}
