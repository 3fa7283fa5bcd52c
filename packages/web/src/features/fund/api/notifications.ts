import type { Notification } from '@giro/contract/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/ui/toast-store';
import { apiRequest, errorText } from '../../../lib/api-client';
import { useMutation } from '../../../lib/mutation';

export const notificationsKey = ['/api/user-notifications'] as const;

/** The member's alerts, newest first (domain.md, Notifications). */
export function useNotifications(enabled: boolean) {
  return useQuery({
    queryKey: notificationsKey,
    enabled,
    select: (data) =>
      [...(data as { notifications: Notification[] }).notifications].sort((a, b) =>
        b.createdAt.localeCompare(a.createdAt),
      ),
  });
}

export function useDeleteNotification() {
  const client = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/user-notifications/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: notificationsKey }),
    onError: (error) =>
      toast({ title: t('alerts.deleteError'), description: errorText(error), variant: 'destructive' }),
  });
}
