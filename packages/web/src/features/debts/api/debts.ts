import type { DebtView, SettleDebtBody } from '@giro/contract/debts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/ui/toast-store';
import { apiRequest, errorText, getQueryFn } from '../../../lib/api-client';
import { useMutation } from '../../../lib/mutation';

export const debtsKey = ['/api/debts'] as const;

const pathOf = { declare: 'settle', pay: 'settle', confirm: 'confirm', refuse: 'not-received' } as const;

/** Asked again this often while one waits on the other member and no socket would say it moved. */
const DEBTS_POLL_MS = 60_000;

const unsettled = (data: { debts: DebtView[] } | undefined) =>
  data?.debts.some((d) => d.status === 'open' || d.status === 'pending' || d.status === 'settling') ?? false;

/**
 * What I owe other members and what they owe me (api.md, Second wave). `poll`: for one in no
 * organization, whom no socket tells (SPEC opens it with a family only) that the other member
 * declared, confirmed or refused: while a debt is unsettled it is asked again every minute the
 * page is seen (an exception to SPEC §9's no polling, as a request's payout under way is), and
 * the alerts with it when it changed.
 */
export function useDebts(enabled = true, { poll = false } = {}) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: debtsKey,
    queryFn: getQueryFn({ on401: 'throw' }) as () => Promise<{ debts: DebtView[] }>,
    enabled,
    refetchInterval: poll ? (q) => (unsettled(q.state.data) ? DEBTS_POLL_MS : false) : false,
  });
  // Kept whole by the query when nothing changed (structural sharing): a new object is news.
  const seen = useRef(query.data);
  useEffect(() => {
    if (poll && seen.current !== undefined && query.data !== seen.current)
      void client.invalidateQueries({ queryKey: ['/api/user-notifications'] });
    seen.current = query.data;
  }, [poll, query.data, client]);
  return query;
}

/**
 * Repaying: by hand (the debtor declares it, the creditor confirms it) or through the platform
 * (card or PayPal, settled when the creditor is paid). Money is settled by these,
 * so each tap carries one Idempotency-Key (a retry of the same tap never settles twice).
 */
export function useDebtAction() {
  const client = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: ({
      id,
      step,
      key,
      body,
    }: {
      id: string;
      /**
       * declare: repaid by hand; pay: through the platform (`body`); confirm: the creditor got
       * it; refuse: the creditor says the declared repayment never came.
       */
      step: 'declare' | 'pay' | 'confirm' | 'refuse';
      key: string;
      body?: SettleDebtBody;
    }) =>
      apiRequest<DebtView>(
        'POST',
        `/api/debts/${id}/${pathOf[step]}`,
        step === 'declare' ? { method: 'manual' } : body,
        { headers: { 'Idempotency-Key': key } },
      ),
    onSuccess: (_debt, { step }) => {
      toast({ title: t(`debts.toast.${step}`) });
      // An answer closes the call to give it (repay-debt.ts): the alerts (fund/api/notifications) too.
      void client.invalidateQueries({ queryKey: ['/api/user-notifications'] });
      return client.invalidateQueries({ queryKey: debtsKey });
    },
    onError: (error) =>
      toast({ title: t('debts.toast.failed'), description: errorText(error), variant: 'destructive' }),
  });
}
