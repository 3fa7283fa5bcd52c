import { expect, type Page } from '@playwright/test';
import { fundOf } from './members';
import { checkPage } from './page-checks';

/** The member's last known state as kept in IndexedDB (web/src/lib/offline-cache), if any. */
export const keptOfflineCopy = (page: Page) =>
  page.evaluate(async () => {
    // Only an existing database is opened: opening creates one, without the store idb-keyval makes.
    if (!(await indexedDB.databases()).some((db) => db.name === 'keyval-store')) return null;
    return new Promise<string | null>((resolve) => {
      const open = indexedDB.open('keyval-store');
      open.onerror = () => resolve(null);
      open.onsuccess = () => {
        try {
          const read = open.result.transaction('keyval').objectStore('keyval').get('giro.offline-cache');
          read.onsuccess = () => resolve(typeof read.result === 'string' ? read.result : null);
          read.onerror = () => resolve(null);
        } catch {
          resolve(null);
        } finally {
          open.result.close();
        }
      };
    });
  });

/**
 * Issue 13: a signed-in member who opens the installed app without a network sees the last
 * known home and fund, with the offline banner, and the actions that need the server disabled
 * (the one to do now among them); back online, the banner goes and the action is there again.
 */
export async function expectLastKnownStateOffline(page: Page) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  // The service worker (registered 2 s after start) serves the app once it controls the page.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect.poll(() => keptOfflineCopy(page), { timeout: 30_000 }).toContain('/api/rotating-fund');
  const contribute = page.getByTestId('now-card').getByTestId('now-action');
  const phase = await fundOf(page).getByTestId('fund-phase').textContent();

  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toContainText(/Offline, dati delle \d{1,2}[:.]\d{2}/);
  await expect(fundOf(page).getByTestId('fund-phase')).toHaveText(phase!);
  await expect(contribute).toBeDisabled();
  await expect(contribute).toHaveAttribute('aria-describedby', 'offline-reason');
  await expect(page.getByTestId('countdown').first()).toBeVisible();
  await checkPage(page, 'home offline (it, phone)');

  await page.context().setOffline(false);
  await expect(page.getByTestId('offline-banner')).toBeHidden();
  await expect(contribute).toBeEnabled();
  if (size) await page.setViewportSize(size);
}
