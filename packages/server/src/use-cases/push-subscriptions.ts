import type { Language } from '@giro/contract/errors';
import { languageOrDefault } from '@giro/contract/language';
import type { PushSubscriptionBody } from '@giro/contract/push';
import { deletePushSubscription, savePushSubscription } from '../db/push-subscription.repository';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { isAllowedPushEndpoint } from '../push/endpoint-policy';
import { enqueuePush } from '../push/enqueue-push';

/**
 * This browser says yes to notifications (Account, never on page load): its subscription is
 * kept, if its endpoint is a browser push service's (push/endpoint-policy).
 */
export async function subscribeToPush(deps: Deps, userId: string, body: PushSubscriptionBody): Promise<void> {
  if (!isAllowedPushEndpoint(body.endpoint, deps.config.push.extraOrigins))
    throw new AppError('PUSH_ENDPOINT_REFUSED');
  await savePushSubscription(deps.db, userId, {
    endpoint: body.endpoint,
    p256dh: body.keys.p256dh,
    auth: body.keys.auth,
    expiresAt: body.expirationTime ? new Date(body.expirationTime) : null,
  });
}

export function unsubscribeFromPush(deps: Deps, userId: string, endpoint: string): Promise<void> {
  return deletePushSubscription(deps.db, userId, endpoint);
}

const testTexts = {
  it: { title: 'Giro', body: 'Le notifiche arrivano su questo dispositivo.' },
  en: { title: 'Giro', body: 'Notifications reach this device.' },
} as const;

/** Account's "send a test notification": one push to each of the member's browsers. */
export async function sendTestPush(
  deps: Deps,
  user: { id: string; languagePreference: string | null },
  asked: Language,
): Promise<number> {
  const text = testTexts[languageOrDefault(user.languagePreference ?? asked)];
  const browsers = await enqueuePush(
    deps.db,
    user.id,
    { ...text, url: '/account', urgency: 'normal', ttlSeconds: 3600 },
    deps.clock.now(),
  );
  deps.kickOutbox();
  return browsers;
}
