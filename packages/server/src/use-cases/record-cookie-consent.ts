import { cookieConsents } from '../db/schema';
import type { Deps } from '../deps';

/** Stores a consent choice with its date; necessary cookies are always on. */
export async function recordCookieConsent(
  deps: Deps,
  userId: string | null,
  choice: { analytics: boolean; marketing: boolean; functional: boolean },
): Promise<void> {
  await deps.db
    .insert(cookieConsents)
    .values({ userId, necessary: true, ...choice, createdAt: deps.clock.now() });
}
