/**
 * Leaves the app for the provider's onboarding page. `replace` keeps a step that only forwards
 * (/account/stripe/refresh) out of the history, so Back does not bounce straight back out.
 */
export function leaveFor(url: string, options: { replace?: boolean } = {}): void {
  if (options.replace) window.location.replace(url);
  else window.location.assign(url);
}
