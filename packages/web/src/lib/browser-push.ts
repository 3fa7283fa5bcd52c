import { apiRequest } from './api-client';
import { rememberPushedMember } from './push-member';

// This browser's push subscription as the sign-in and sign-out see it (features/auth), apart
// from turning pushes on and off (features/account/api/push): whether the browser can push at
// all, and giving the subscription up. Loaded on demand by the sign-in and sign-out.

/** Whether this browser can receive pushes at all (iPhones only from an app added to the Home screen). */
export const canPush = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window &&
  // The service worker is registered by the built app only (features/pwa/update-card).
  !import.meta.env.DEV;

/**
 * This browser stops receiving pushes: its member signs out, or another member signs in on it.
 * On a shared phone the next person must not be woken by the last one's reminders, which name
 * the family, the amount and the hour. `tellServer`: the member signing out, whose session can
 * still remove the row; for the one who signed in, the browser's unsubscribe is enough (the push
 * service then answers 410, and the server drops the row at the next push). Never throws:
 * signing out goes on whatever became of this. Reads the registration without waiting for
 * one, as a tab signed out before the service worker registered has no subscription.
 */
export async function releasePush(tellServer: boolean): Promise<void> {
  try {
    if (!canPush()) return;
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = await registration?.pushManager.getSubscription();
    if (subscription) {
      if (tellServer) {
        await apiRequest('DELETE', '/api/push/subscriptions', { endpoint: subscription.endpoint }).catch(
          () => {},
        );
      }
      await subscription.unsubscribe();
    }
    rememberPushedMember(null);
  } catch {
    // the browser refused: the next sign-in on it tries again
  }
}
