import type { FundView } from '@giro/contract/fund';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/ui/toast-store';
import { apiRequest, errorText } from '../../../lib/api-client';
import { useMutation } from '../../../lib/mutation';
import { storeFundView } from './fund-actions';

/** Swapping turns (api.md, Second wave): ask someone, accept or decline what I was asked, withdraw mine. */
type SwapInput =
  | { kind: 'ask'; fundId: string; withMemberId: string }
  | { kind: 'accept' | 'decline' | 'withdraw'; fundId: string; swapId: string };

function send(input: SwapInput): Promise<FundView> {
  const base = `/api/rotating-fund/${input.fundId}/swaps`;
  switch (input.kind) {
    case 'ask':
      return apiRequest<{ fund: FundView }>('POST', base, { withMemberId: input.withMemberId }).then(
        (answer) => answer.fund,
      );
    case 'withdraw':
      return apiRequest<FundView>('DELETE', `${base}/${input.swapId}`);
    default:
      return apiRequest<FundView>('POST', `${base}/${input.swapId}/${input.kind}`);
  }
}

export function useSwapAction() {
  const client = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: send,
    onSuccess: (view, input) => {
      toast({ title: t(`fund.swaps.toast.${input.kind}`) });
      return storeFundView(client, view);
    },
    onError: (error) =>
      toast({ title: t('fund.swaps.toast.failed'), description: errorText(error), variant: 'destructive' }),
  });
}
