import { expect, test } from '@playwright/test';
import { signInAdmin } from '../support/admin';
import { checkPage, pageSizes } from '../support/page-checks';

/**
 * Issue 13, the admin's pages too: axe finds nothing serious or critical, and the Italian pages
 * hold no raw key and no English sentence, at a phone's size and a desktop's, in both languages
 * (the members' pages: e2e/pages.spec.ts). Read with the data the journeys left.
 */
const adminPages = [
  '/admin',
  '/admin/invite-tracking',
  '/admin/api-monitoring',
  '/admin/api-logs',
  '/admin/statistics',
  '/admin/email-tracking',
  '/admin/fund-metrics',
  '/admin/email-templates',
];

test.setTimeout(300_000);

test('the admin’s pages: accessible, and Italian where Italian', async ({ page }) => {
  await signInAdmin(page);
  await page.goto('/');
  for (const language of ['it', 'en', 'it'] as const) {
    await page.getByTestId('language-switcher').selectOption(language);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    for (const size of pageSizes) {
      await page.setViewportSize(size);
      for (const path of adminPages) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        // The figures and their charts arrive after the heading; the live pages never go quiet.
        await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
        for (const drawing of await page.getByTestId('chart-drawing').all())
          await expect(drawing.locator('svg').first()).toBeAttached();
        await checkPage(page, `${path} (${language}, ${size.name})`);
      }
    }
  }
});
