/**
 * The page each path shows, for the pages one opens directly. Two readers: main.tsx preloads the
 * page's chunk before the first render (routes.tsx, preloadPage), and the build has index.html
 * ask for that chunk's files while the shell is still downloading (scripts/route-preloads.ts).
 * No imports: the build's configuration reads it too.
 */
export const pageOfPath = [
  [/^\/$/, 'dashboard'],
  [/^\/fund$/, 'fund'],
  [/^\/requests$/, 'requests'],
  [/^\/(auth|invite\/[^/]+)$/, 'auth'],
  [/^\/account(\/|$)/, 'account'],
  [/^\/requests\/[^/]+$/, 'request'],
  [/^\/statistics$/, 'statistics'],
] as const satisfies readonly (readonly [RegExp, string])[];

export type PathPage = (typeof pageOfPath)[number][1];

/**
 * What a member's page reads for its first screen (app/page-data asks for these, in this order,
 * as soon as the session check names the member). index.html asks for them too, as preloads
 * beside the shell (scripts/route-preloads.ts), so the answers are under way before the shell
 * has run, where the last session check named a member; the app's own requests then find them.
 */
export const pageReads: Partial<Record<PathPage, readonly string[]>> = {
  // The home opens on the Now card: the fund, and the debts to and from other members.
  dashboard: ['/api/dashboard', '/api/rotating-fund', '/api/debts'],
  fund: ['/api/rotating-fund', '/api/debts'],
  requests: ['/api/requests'],
};

/** The pages a visitor opens before signing in: they read only the `public` strings. */
export const signedOutPages: readonly PathPage[] = ['auth'];

/** The page a path shows, if it is one of these. */
export const pageAt = (path: string): PathPage | undefined =>
  pageOfPath.find(([pattern]) => pattern.test(path))?.[1];

/** The page's source file, as the build's manifest names it. */
export const pageSource = (page: PathPage) => `src/app/pages/${page}-page.tsx`;
