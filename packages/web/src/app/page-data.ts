import type { User } from '@giro/contract/auth';
import type { QueryClient } from '@tanstack/react-query';
import { dashboardKey } from '../features/dashboard/api/dashboard';
import { fundQuery } from '../features/fund/api/fund-queries';
import { requestsKey } from '../features/requests/api/request-queries';

/**
 * A signed-in page's data, asked for as soon as the session check names the member (main.tsx),
 * beside the page's chunk and strings, not after them. Resolves when what the first screen
 * shows is in (the rest of the page is built after that screen: components/ui/deferred).
 */
export function prefetchPageData(client: QueryClient, path: string, user: User): Promise<unknown> {
  if (path === '/fund' && user.familyId) return client.prefetchQuery(fundQuery);
  if (path === '/requests' && user.familyId) return client.prefetchQuery({ queryKey: requestsKey });
  if (path !== '/') return Promise.resolve();
  if (!user.familyId) return client.prefetchQuery({ queryKey: dashboardKey });
  void client.prefetchQuery({ queryKey: requestsKey });
  // The fund is on the first screen too: the Now card.
  return Promise.all([client.prefetchQuery({ queryKey: dashboardKey }), client.prefetchQuery(fundQuery)]);
}

/**
 * The first screen's data asked for beside the session check, when this browser was signed in
 * last time (features/auth/api/session, wasSignedIn): prefetchPageData then finds it under way.
 */
export function prefetchLikelyPageData(client: QueryClient, path: string): void {
  if (path === '/') void client.prefetchQuery({ queryKey: dashboardKey });
  if (path === '/' || path === '/fund') void client.prefetchQuery(fundQuery);
  if (path === '/requests') void client.prefetchQuery({ queryKey: requestsKey });
}
