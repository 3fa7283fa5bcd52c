import { expect, type Locator, type Page } from '@playwright/test';

/**
 * What has the focus; whether it shows (an outline or a ring, a box-shadow); and whether a
 * phone's fixed bottom bar lies over it (the page scrolled it into view behind the bar).
 */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return { label: 'body', visible: true, underBar: false };
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    const box = element.getBoundingClientRect();
    const onTop = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    const bar = '[data-testid="bottom-bar"]';
    return {
      label: element.outerHTML.slice(0, 160),
      visible: outline || style.boxShadow !== 'none',
      underBar: Boolean(onTop?.closest(bar)) && !element.closest(bar),
    };
  });

/**
 * Presses Tab (Shift+Tab with `backwards`) until `target` has the focus, checking at every stop
 * on the way that the focus can be seen (issue 13: visible focus everywhere), and is not hidden
 * behind a phone's bottom bar.
 */
export async function tabTo(page: Page, target: Locator, { backwards = false, max = 80 } = {}) {
  for (let step = 0; step < max; step++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const now = await focused(page);
    expect(now.visible, `the focus shows on ${now.label}`).toBe(true);
    expect(now.underBar, `the bottom bar hides ${now.label}`).toBe(false);
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
  }
  throw new Error(`${target} was not reached with ${max} presses of Tab`);
}
