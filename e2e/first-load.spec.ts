import { expect, test } from '@playwright/test';

/**
 * Issue 12, the first load: the session check is asked for by the HTML itself (a preload in
 * index.html), beside the scripts, not after they ran; the app then uses that answer instead of
 * asking again.
 */
test('the session check is asked for once, by the page’s preload, before the scripts run', async ({
  page,
}) => {
  const checks: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/session/check') checks.push(request.resourceType());
  });
  await page.goto('/auth');
  await expect(page.getByRole('button', { name: 'Accedi', exact: true }).last()).toBeVisible();
  const entries = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname === '/api/session/check')
      .map((entry) => (entry as PerformanceResourceTiming).initiatorType),
  );
  expect(entries).toEqual(['link']);
  expect(checks).toHaveLength(1);
});

/**
 * The opened page's own chunks are asked for by index.html while the shell still downloads (its
 * inline script, packages/web/scripts/route-preloads.ts), and the server's Content-Security-Policy
 * lets that one script run by its hash: a refused script would leave the links out, and the
 * page would still work, a round trip later, so only this test would notice.
 */
test('the page’s own chunks are preloaded by index.html, under the server’s script policy', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const chunks: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/auth-page-[\w-]+\.js$/.test(request.url())) chunks.push(request.url());
  });
  await page.goto('/auth');
  await expect(page.getByRole('button', { name: 'Accedi', exact: true }).last()).toBeVisible();
  // Vite's own preloads carry the full URL; index.html's carry the path as the build wrote it.
  const preloaded = await page.evaluate(() =>
    [...document.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href')),
  );
  expect(preloaded).toContainEqual(expect.stringMatching(/^\/assets\/auth-page-[\w-]+\.js$/));
  expect(chunks).toHaveLength(1);
  expect(errors.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);
});

/**
 * The page preloaded before the first render (main.tsx) is in that render: React's lazy() gets
 * the preload's own settled promise (lib/lazy-named, loadOnce), so the page's loading screen is
 * never committed and painted for a frame before the page, a render and a paint later.
 */
test('the first render is the page itself: no loading screen is ever drawn before it', async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { loadingScreens: string[] }).loadingScreens = seen;
    new MutationObserver(() => {
      const status = document.querySelector('main [role="status"]');
      if (status && !seen.includes(status.textContent ?? '')) seen.push(status.textContent ?? '');
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/auth');
  await expect(page.getByRole('button', { name: 'Accedi', exact: true }).last()).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { loadingScreens: string[] }).loadingScreens),
  ).toEqual([]);
});
