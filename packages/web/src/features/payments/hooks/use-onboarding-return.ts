import type { PayoutAccount } from '@giro/contract/payout-account';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { toast } from '../../../components/ui/toast-store';
import { errorText } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { leaveFor } from '../api/leave-for';
import { payoutAccountKey, useOnboarding } from '../api/payout-account';

/**
 * Back from the provider's onboarding (domain.md, Connected payment account):
 * /account/stripe/return reads the status again (the GET asks the provider) and says what it is;
 * /account/stripe/refresh means the link expired: a new one is requested and followed at once.
 * Each runs once per visit of the path.
 */
export function useOnboardingReturn(): { isForwarding: boolean } {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [location, navigate] = useLocation();
  const link = useOnboarding('link');
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (location !== paths.stripeReturn && location !== paths.stripeRefresh) {
      handled.current = null;
      return;
    }
    if (handled.current === location) return;
    handled.current = location;
    if (location === paths.stripeReturn) {
      client
        .fetchQuery<PayoutAccount>({ queryKey: payoutAccountKey, staleTime: 0 })
        .then((account) =>
          toast({
            title: t(`payments.return.${account.status}`),
            variant: account.status === 'active' || account.status === 'pending' ? 'default' : 'destructive',
          }),
        )
        .catch((error: unknown) =>
          toast({
            title: t('payments.toast.statusFailed'),
            description: errorText(error),
            variant: 'destructive',
          }),
        );
      return;
    }
    link.mutate(undefined, {
      onSuccess: ({ onboardingUrl }) => leaveFor(onboardingUrl, { replace: true }),
      onError: (error) => {
        toast({
          title: t('payments.toast.linkFailed'),
          description: errorText(error),
          variant: 'destructive',
        });
        navigate(paths.account, { replace: true });
      },
    });
  }, [location, client, link, navigate, t]);

  return { isForwarding: location === paths.stripeRefresh && !link.isError };
}
