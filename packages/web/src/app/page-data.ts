import type { User } from '@giro/contract/auth';
import type { QueryClient } from '@tanstack/react-query';
import { dashboardKey } from '../features/dashboard/api/dashboard';
import { fundQuery } from '../features/fund/api/fund-queries';
import { requestsKey } from '../features/requests/api/request-queries';

/**
 * The first data a signed-in page shows, asked for as soon as the session check names the
 * member (main.tsx), beside the page's chunk and strings, not after them: the page renders with
 * its data instead of opening a second wave of requests.
 */
export function prefetchPageData(client: QueryClient, path: string, user: User): void {
  if (path !== '/') return;
  void client.prefetchQuery({ queryKey: dashboardKey });
  if (!user.familyId) return;
  void client.prefetchQuery(fundQuery);
  void client.prefetchQuery({ queryKey: requestsKey });
}
