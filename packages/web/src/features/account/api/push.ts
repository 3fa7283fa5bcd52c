import { apiRequest } from '../../../lib/api-client';
import { base64UrlToBytes, sameBytes } from '../../../lib/base64url';
import { canPush } from '../../../lib/browser-push';
import { pushedMember, rememberPushedMember } from '../../../lib/push-member';

/**
 * Web Push on this device (issue 14). The browser asks the member's permission only when they
 * press the button (never on page load: a prompt nobody asked for is refused, and a refusal is
 * hard to take back); the subscription the browser then makes is kept by the server, which
 * pushes to it through the browser's push service.
 */
export type PushState = 'checking' | 'unsupported' | 'blocked' | 'off' | 'on';

/**
 * The browser could not subscribe with its push service: offline, the service unreachable, or a
 * browser that has none (a headless Chromium answers "Registration failed - permission denied").
 */
export class PushServiceError extends Error {
  constructor(cause: unknown) {
    super(`push subscription failed: ${String(cause)}`, { cause });
    this.name = 'PushServiceError';
  }
}

/**
 * What this device does for this member: on only when the browser holds a subscription that was
 * made for them and the server still counts one of their browsers (a subscription the push
 * service dropped is removed by the server).
 */
export async function readPushState(userId: string, serverBrowsers: number): Promise<PushState> {
  if (!canPush()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  if (Notification.permission !== 'granted') return 'off';
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.getSubscription();
  return subscription && serverBrowsers > 0 && pushedMember() === userId ? 'on' : 'off';
}

/** Asks the permission, subscribes this browser and tells the server; answers the new state. */
export async function turnPushOn(userId: string): Promise<PushState> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'off';
  const { publicKey } = await apiRequest<{ publicKey: string }>('GET', '/api/push/public-key');
  const applicationServerKey = base64UrlToBytes(publicKey);
  const registration = await navigator.serviceWorker.ready;
  let subscription = await registration.pushManager.getSubscription();
  const subscribedKey = subscription?.options.applicationServerKey;
  // A subscription made for another server key (the keys were replaced) cannot be pushed to.
  if (subscription && (!subscribedKey || !sameBytes(subscribedKey, applicationServerKey))) {
    await subscription.unsubscribe();
    subscription = null;
  }
  try {
    subscription ??= await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey,
    });
  } catch (cause) {
    throw new PushServiceError(cause);
  }
  try {
    await apiRequest('POST', '/api/push/subscriptions', subscription.toJSON());
  } catch (error) {
    // Not kept by the server: a subscription nobody pushes to would only mislead the next check.
    await subscription.unsubscribe().catch(() => {});
    throw error;
  }
  rememberPushedMember(userId);
  return 'on';
}

/** The server forgets this browser first (no more pushes), then the browser drops its subscription. */
export async function turnPushOff(): Promise<PushState> {
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.getSubscription();
  if (subscription) {
    await apiRequest('DELETE', '/api/push/subscriptions', { endpoint: subscription.endpoint });
    await subscription.unsubscribe();
  }
  rememberPushedMember(null);
  return 'off';
}

/** Account's test notification: how many of the member's browsers it went to. */
export const sendTestPush = () => apiRequest<{ browsers: number }>('POST', '/api/push/test');
