import type {
  ApiLogsPage,
  ApiMonitoring,
  EmailStatus,
  EmailTrackingPage,
} from '@giro/contract/admin-monitoring';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/admin/api-monitoring; no polling (SPEC §9): the page has a refresh button. */
export function useApiMonitoring() {
  return useQuery({
    queryKey: ['/api/admin/api-monitoring'],
    queryFn: () => apiRequest<ApiMonitoring>('GET', '/api/admin/api-monitoring'),
    staleTime: 0,
  });
}

export interface ApiLogFilters {
  status?: string;
  route?: string;
  userId?: string;
  /** `datetime-local` values, in the browser's time zone. */
  from?: string;
  to?: string;
}

/** The query string of a page: empty filters left out, local times sent as ISO instants. */
export function searchOf(filters: object, cursor: string | null, limit = 50): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (typeof value !== 'string' || value.trim() === '') continue;
    const isTime = name === 'from' || name === 'to';
    params.set(name, isTime ? new Date(value).toISOString() : value.trim());
  }
  params.set('limit', String(limit));
  if (cursor) params.set('cursor', cursor);
  return params.toString();
}

/** The API log, newest first, one keyset page at a time ("Load more"). */
export function useApiLogs(filters: ApiLogFilters) {
  return useInfiniteQuery({
    queryKey: ['/api/admin/api-logs', filters],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      apiRequest<ApiLogsPage>('GET', `/api/admin/api-logs?${searchOf(filters, pageParam)}`),
    getNextPageParam: (page) => page.nextCursor,
    placeholderData: keepPreviousData,
  });
}

export interface EmailFilters {
  status?: EmailStatus | '';
  template?: string;
}

export function useEmailTracking(filters: EmailFilters) {
  return useInfiniteQuery({
    queryKey: ['/api/admin/email-tracking', filters],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      apiRequest<EmailTrackingPage>('GET', `/api/admin/email-tracking?${searchOf(filters, pageParam)}`),
    getNextPageParam: (page) => page.nextCursor,
    placeholderData: keepPreviousData,
  });
}
