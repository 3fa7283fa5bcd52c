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

/** The page's source file, as the build's manifest names it. */
export const pageSource = (page: PathPage) => `src/app/pages/${page}-page.tsx`;
