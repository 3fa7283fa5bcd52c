import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast-store';
import { ApiError, errorText } from '../../../lib/api-client';
import { useLeaveOrganization } from '../api/organization';

export function LeaveButton({ organizationName }: { organizationName: string }) {
  const { t } = useTranslation();
  const leave = useLeaveOrganization();
  return (
    <ConfirmDialog
      trigger={<Button variant="danger">{t('organization.leave')}</Button>}
      title={t('organization.leaveTitle')}
      body={t('organization.leaveBody', { name: organizationName })}
      confirmLabel={t('organization.leave')}
      onConfirm={() =>
        leave.mutate(undefined, {
          onSuccess: () => toast({ title: t('organization.left') }),
          onError: (error) => toast({ ...failure(error), variant: 'destructive' }),
        })
      }
    />
  );

  // The refusal's own message already begins "Failed to leave:" and gives the reason
  // (domain.md, Leaving): it is the whole toast, not a description under the same words.
  function failure(error: unknown) {
    if (error instanceof ApiError && error.code === 'LEAVE_REFUSED' && error.serverMessage)
      return { title: error.serverMessage };
    return { title: t('organization.leaveFailed'), description: errorText(error) };
  }
}
