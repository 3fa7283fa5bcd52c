/**
 * Where a push may go (issue 14): only to the browsers' own push services, over https, or to an
 * origin the operator listed in PUSH_EXTRA_ORIGINS (the tests' local receiver). A subscription
 * names a URL the server will later call: anything else would let a member make the server
 * call an address of their choosing (the cloud's metadata service, an internal host).
 */
const pushServices: RegExp[] = [
  /^fcm\.googleapis\.com$/, // Chrome, Edge on Android, most Chromium browsers
  /^android\.googleapis\.com$/, // older Chrome subscriptions
  /^updates\.push\.services\.mozilla\.com$/, // Firefox (autopush)
  /^push\.services\.mozilla\.com$/,
  /^[a-z0-9-]+\.notify\.windows\.com$/, // Edge on Windows (WNS)
  /^web\.push\.apple\.com$/, // Safari (Apple Push Notification service for the web)
  /^[a-z0-9-]+\.push\.apple\.com$/,
];

export function isAllowedPushEndpoint(endpoint: string, extraOrigins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (extraOrigins.includes(url.origin)) return true;
  if (url.protocol !== 'https:' || url.port !== '') return false;
  return pushServices.some((service) => service.test(url.hostname));
}
