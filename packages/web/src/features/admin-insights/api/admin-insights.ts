import type { Admins, TesterInvite } from '@giro/contract/admin';
import type {
  AdminOverview,
  FundMetrics,
  InviteTracking,
  PlatformStatistics,
  Reconciliation,
} from '@giro/contract/admin-insights';
import type { ApiMonitoring, EmailTemplate, EmailTrackingPage } from '@giro/contract/admin-monitoring';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useMutation } from '../../../lib/mutation';

/** The admin's insight pages (api.md, Admin). A member never gets here: the server answers 404. */
export const useAdminOverview = () =>
  useQuery({ queryKey: ['/api/admin/overview'], select: (data) => data as AdminOverview });

export function useInviteTracking(days: number, code?: string) {
  const query = new URLSearchParams({ days: String(days), ...(code ? { code } : {}) });
  return useQuery({
    queryKey: [`/api/admin/invite-tracking?${query}`],
    select: (data) => data as InviteTracking,
    placeholderData: (previous) => previous,
  });
}

export const usePlatformStatistics = (days: number) =>
  useQuery({
    queryKey: [`/api/admin/statistics?days=${days}`],
    select: (data) => data as PlatformStatistics,
    placeholderData: (previous) => previous,
  });

export const useFundMetrics = () =>
  useQuery({ queryKey: ['/api/admin/fund-metrics'], select: (data) => data as FundMetrics });

const reconciliationKey = ['/api/admin/reconciliation'];

/** The last reconciliation of the ledger with the payment provider (hourly, or asked for). */
export const useReconciliation = () =>
  useQuery({ queryKey: reconciliationKey, select: (data) => data as Reconciliation });

/** Runs a reconciliation now; its answer is the new last run. */
export function useReconcileNow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<Reconciliation>('POST', '/api/admin/reconciliation'),
    onSuccess: (answer) => client.setQueryData(reconciliationKey, answer),
  });
}

/** Invite tracking is stale after an invite is issued or revoked. */
function useInvalidateTracking() {
  const client = useQueryClient();
  return () =>
    client.invalidateQueries({
      predicate: (query) => /^\/api\/admin\/(invite-tracking|overview)/.test(String(query.queryKey[0])),
    });
}

export function useIssueTesterInvite() {
  const invalidate = useInvalidateTracking();
  return useMutation({
    mutationFn: (input: { email?: string; expiresInDays: number }) =>
      apiRequest<TesterInvite>('POST', '/api/admin/tester-invites', input),
    onSuccess: invalidate,
  });
}

export function useRevokeTesterInvite() {
  const invalidate = useInvalidateTracking();
  return useMutation({
    mutationFn: (id: string) => apiRequest('POST', `/api/admin/tester-invites/${id}/revoke`),
    onSuccess: invalidate,
  });
}

/**
 * The monitoring pages' own figures for the admin home. Each is optional: a page whose API
 * does not answer shows its link without a figure, so these never retry.
 */
export const useApiMonitoringFigure = () =>
  useQuery({
    queryKey: ['/api/admin/api-monitoring'],
    select: (data) => data as ApiMonitoring,
    retry: false,
  });
export const useFailedEmailsFigure = () =>
  useQuery({
    queryKey: ['/api/admin/email-tracking?status=failed&limit=200'],
    select: (data) => data as EmailTrackingPage,
    retry: false,
  });
export const useEmailTemplatesFigure = () =>
  useQuery({
    queryKey: ['/api/admin/email-templates'],
    select: (data) => (data as { items: EmailTemplate[] }).items,
    retry: false,
  });

/** The admins, and granting or removing the role (never the last admin's own). */
export const adminsKey = ['/api/admin/admins'] as const;
export const useAdmins = () => useQuery({ queryKey: adminsKey, select: (data) => data as Admins });

export function useGrantAdmin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (login: string) => apiRequest<Admins>('POST', '/api/admin/admins', { login }),
    onSuccess: (admins) => client.setQueryData(adminsKey, admins),
  });
}

export function useRemoveAdmin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('POST', `/api/admin/users/${id}/role`, { role: 'member' }),
    // Stepping down leaves the admin pages: the user query says so, and the guard follows.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: adminsKey }),
        client.invalidateQueries({ queryKey: ['/api/user'] }),
      ]),
  });
}
