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
export function prefetchPageData(client: QueryClient, path: string, user: User): Promise<unknown> {
  if (path !== '/') return Promise.resolve();
  return Promise.all([
    client.prefetchQuery({ queryKey: dashboardKey }),
    ...(user.familyId
      ? [client.prefetchQuery(fundQuery), client.prefetchQuery({ queryKey: requestsKey })]
      : []),
  ]);
}
