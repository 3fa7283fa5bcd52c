import { type BrowserContext, expect, type Page, type Worker } from '@playwright/test';

/** A notification as the page reads it back from the service worker's registration. */
export interface Shown {
  title: string;
  body: string;
  tag: string;
  url: string | undefined;
}

/**
 * The app's service worker (registered 2 s after start) active and controlling the page, as an
 * installed app is from its second load on: the reload is what puts it in control.
 */
export async function controlledByServiceWorker(page: Page): Promise<Worker> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  const worker = page
    .context()
    .serviceWorkers()
    .find((candidate) => new URL(candidate.url()).pathname === '/sw.js');
  expect(worker, 'the app’s service worker').toBeTruthy();
  return worker!;
}

/**
 * Delivers `data` to the page's service worker as a push service would (the DevTools protocol's
 * ServiceWorker.deliverPushMessage): the worker's real `push` event, without a push service.
 */
export async function pushDeliverer(context: BrowserContext, page: Page) {
  const origin = new URL(page.url()).origin;
  const cdp = await context.newCDPSession(page);
  const registrations = new Map<string, string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
    for (const registration of updated)
      if (!registration.isDeleted) registrations.set(registration.scopeURL, registration.registrationId);
  });
  // Enabling reports the registrations that exist already.
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.get(`${origin}/`)).toBeTruthy();
  const registrationId = registrations.get(`${origin}/`)!;
  return (data: string) => cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data });
}

/** What the service worker shows now. */
export const shownNotifications = (page: Page): Promise<Shown[]> =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((notification) => ({
      title: notification.title,
      body: notification.body,
      tag: notification.tag,
      url: (notification.data as { url?: string } | null)?.url,
    }));
  });

export const closeNotifications = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    for (const notification of await registration.getNotifications()) notification.close();
  });

interface ClickScope {
  registration: ServiceWorkerRegistration;
  NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
  dispatchEvent(event: Event): boolean;
}

/**
 * Runs the service worker's own `notificationclick` listener for the notification tagged `tag`
 * (null if there is none); answers how each promise it handed to `waitUntil` settled.
 *
 * Neither Chromium nor its DevTools protocol can click a notification in a test (no such command;
 * headless shows none on screen), so the event is made in the worker and dispatched to its
 * listeners. Such an event differs from the browser's in two ways: its `waitUntil` throws
 * (InvalidStateError: only the browser's events can extend their lifetime), so this one collects
 * the promises instead; and it grants no window interaction, so `client.focus()` and
 * `clients.openWindow()` are refused ("Not allowed to focus a window"), while
 * `WindowClient.navigate()`, which needs none, works as on a real click.
 */
export const clickNotification = (worker: Worker, tag: string) =>
  worker.evaluate(async (wanted) => {
    const scope = self as unknown as ClickScope;
    const [notification] = await scope.registration.getNotifications({ tag: wanted });
    if (!notification) return null;
    const event = new scope.NotificationEvent('notificationclick', { notification });
    const extended: Promise<unknown>[] = [];
    Object.defineProperty(event, 'waitUntil', {
      value: (promise: Promise<unknown>) => {
        extended.push(promise);
      },
    });
    scope.dispatchEvent(event);
    const settled = await Promise.allSettled(extended);
    return settled.map((outcome) =>
      outcome.status === 'fulfilled' ? 'fulfilled' : `rejected: ${String(outcome.reason)}`,
    );
  }, tag);
