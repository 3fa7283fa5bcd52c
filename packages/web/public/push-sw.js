// Web Push in the service worker (issue 14). The generated service worker (vite-plugin-pwa,
// generateSW) loads this plain script through workbox's `importScripts`, so it is not bundled:
// it runs as written, in the service worker's global scope, in every browser that can push.

/**
 * The screen a notification may open: a path of this app, else the home. A push is signed by our
 * server, but a notification's data can also come from any page script of this origin, and a
 * click must never take the member to another site: "//host" and "/\host" are other origins for
 * the URL parser, so the origin is checked after parsing, not by the first character alone.
 */
function appPath(url) {
  if (typeof url !== 'string' || !url.startsWith('/')) return '/';
  try {
    const parsed = new URL(url, self.location.origin);
    if (parsed.origin !== self.location.origin) return '/';
    return parsed.pathname + parsed.search + parsed.hash;
  } catch {
    return '/';
  }
}

/** The server's payload `{title, body, url, tag?, lang?}`, already in the member's language; null if unusable. */
function readPayload(data) {
  if (!data) return null;
  try {
    const payload = data.json();
    if (!payload || typeof payload.title !== 'string' || payload.title === '') return null;
    return payload;
  } catch {
    return null;
  }
}

/**
 * Without a usable payload there is still a notification: a push that shows nothing is a
 * "silent push", which browsers answer with a generic notice of their own or by revoking the
 * permission. The language is the browser's: the member's choice lives in the page's storage.
 */
function genericPayload() {
  const italian = (self.navigator.language || '').toLowerCase().startsWith('it');
  return { title: 'Giro', body: italian ? 'Ci sono novità per te.' : 'There is news for you.', url: '/' };
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event.data) || genericPayload();
  const options = {
    body: typeof payload.body === 'string' ? payload.body : '',
    icon: '/icon-192.png',
    badge: '/icon-192.png',
    data: { url: appPath(payload.url) },
  };
  // A tag replaces the earlier notification of the same reminder instead of piling up.
  if (typeof payload.tag === 'string' && payload.tag !== '') options.tag = payload.tag;
  if (typeof payload.lang === 'string') options.lang = payload.lang;
  // waitUntil keeps the worker alive until the notification is up; without it the browser may
  // stop the worker first, and count the push as silent.
  event.waitUntil(self.registration.showNotification(payload.title, options));
});

/**
 * A click brings the member to the screen that acts on the notification: in the app's open tab
 * when there is one (no second copy of the app), else in a new window.
 */
async function openFromNotification(path) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const tab = windows.find((client) => client.focused) || windows[0];
  if (tab) {
    // navigate() is refused for a tab this worker does not control yet (opened before it was
    // installed): that one gets a new window below instead.
    const navigated = await tab.navigate(path).catch(() => null);
    // The browser allows one focus or new window per click, for a few seconds: it is spent
    // only once the tab is on its way, so a refused navigation can still open a window.
    if (navigated) return navigated.focus();
  }
  return self.clients.openWindow(path);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data;
  event.waitUntil(openFromNotification(appPath(data ? data.url : undefined)));
});
