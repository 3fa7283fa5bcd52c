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
