import type { User } from '@giro/contract/auth';
import type { QueryClient } from '@tanstack/react-query';
import { dashboardKey } from '../features/dashboard/api/dashboard';
import { fundKey, fundQuery } from '../features/fund/api/fund-queries';
import { requestsKey } from '../features/requests/api/request-queries';
import { pageAt, pageReads } from './page-paths';

/**
 * What a signed-in page's first screen reads (app/page-paths, pageReads: index.html preloads the
 * same), for a member with an organization; one without reads only the home's dashboard.
 */
function firstScreen(client: QueryClient, path: string, hasOrganization: boolean): Promise<unknown>[] {
  const page = pageAt(path);
  const reads = (page && pageReads[page]) || [];
  return reads
    .filter((url) => hasOrganization || url === dashboardKey[0])
    .map((url) =>
      // The fund's read turns its 404 (no fund yet) into null.
      url === fundKey[0] ? client.prefetchQuery(fundQuery) : client.prefetchQuery({ queryKey: [url] }),
    );
}

/**
 * A signed-in page's data, asked for as soon as the session check names the member (main.tsx),
 * beside the page's chunk and strings, not after them. Resolves when what the first screen
 * shows is in (the rest of the page is built after that screen: components/ui/deferred).
 */
export function prefetchPageData(client: QueryClient, path: string, user: User): Promise<unknown> {
  const reads = firstScreen(client, path, user.familyId !== null);
  // The home and the fund page open on the Now card, which reads more than the fund.
  if ((path === '/' || path === '/fund') && user.familyId)
    reads.push(import('./member-now').then(({ prefetchNowCard }) => prefetchNowCard(client, user.id)));
  // The home's requests are below its first screen: asked for, not waited for.
  if (path === '/' && user.familyId) void client.prefetchQuery({ queryKey: requestsKey });
  return Promise.all(reads);
}

/**
 * The first screen's data asked for beside the session check, when this browser was signed in
 * last time (features/auth/api/session, wasSignedIn): prefetchPageData then finds it under way.
 * A member without an organization makes the fund's read answer 404 once: the home's guess.
 */
export function prefetchLikelyPageData(client: QueryClient, path: string): void {
  void Promise.all(firstScreen(client, path, true));
}
