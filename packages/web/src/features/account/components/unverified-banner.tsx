import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { errorText } from '../../../lib/api-client';
import { useResendVerification } from '../api/account';

export function UnverifiedBanner() {
  const { t } = useTranslation();
  const resend = useResendVerification();
  return (
    <div
      role="status"
      data-testid="unverified-banner"
      className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-200"
    >
      <p className="text-sm">{t('account.unverified')}</p>
      <Button
        variant="secondary"
        busy={resend.isPending}
        onClick={() =>
          resend.mutate(undefined, {
            onSuccess: () => toast({ title: t('account.emailSent') }),
            onError: (error) =>
              toast({
                title: t('account.emailNotSent'),
                description: errorText(error),
                variant: 'destructive',
              }),
          })
        }
      >
        {t('account.resend')}
      </Button>
    </div>
  );
}
