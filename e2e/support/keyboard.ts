import { expect, type Locator, type Page } from '@playwright/test';

/** What has the focus, and whether it shows: an outline or a ring (box-shadow). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return { label: 'body', visible: true };
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    return { label: element.outerHTML.slice(0, 160), visible: outline || style.boxShadow !== 'none' };
  });

/**
 * Presses Tab (Shift+Tab with `backwards`) until `target` has the focus, checking at every stop
 * on the way that the focus can be seen (issue 13: visible focus everywhere).
 */
export async function tabTo(page: Page, target: Locator, { backwards = false, max = 80 } = {}) {
  for (let step = 0; step < max; step++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const now = await focused(page);
    expect(now.visible, `the focus shows on ${now.label}`).toBe(true);
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
  }
  throw new Error(`${target} was not reached with ${max} presses of Tab`);
}
