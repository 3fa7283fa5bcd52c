import { type Browser, expect, test } from '@playwright/test';
import { expectToast } from './support/fund-steps';
import { registerMember } from './support/members';
import { checkPage, pageSizes } from './support/page-checks';

/**
 * Every page, in both languages, at a phone's size and a desktop's (issue 13): axe finds nothing
 * serious or critical, and the Italian pages hold no raw key and no English sentence. The fund's
 * states and a request's page are checked where the journeys reach them (fund-steps, requests).
 */
const languages = [
  { language: 'it', locale: 'it-IT' },
  { language: 'en', locale: 'en-GB' },
] as const;
const signedOutPages = ['/auth', '/forgot-password', '/privacy', '/terms', '/verify-email', '/no/such/page'];
const signedInPages = ['/', '/fund', '/requests', '/account', '/statistics'];

async function visitor(browser: Browser, locale: string) {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  // The cookie banner is part of the first visit: checked, then answered.
  await page.goto('/auth');
  await checkPage(page, `/auth with the cookie banner (${locale})`);
  await page.getByRole('button', { name: locale === 'it-IT' ? 'Accetta tutti' : 'Accept all' }).click();
  return page;
}

test('signed-out pages: accessible, and Italian where Italian', async ({ browser }) => {
  // Twenty-six checks by axe; on this shared two-core machine under load they took more than
  // the default 90 s in one run of stop 29.
  test.setTimeout(180_000);
  for (const { locale, language } of languages) {
    const page = await visitor(browser, locale);
    for (const size of pageSizes) {
      await page.setViewportSize(size);
      for (const path of signedOutPages) {
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await checkPage(page, `${path} (${language}, ${size.name})`);
      }
    }
    await page.context().close();
  }
});

test('a sign-in error stands above the cookie banner, not over its buttons (phone)', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'it-IT', viewport: pageSizes[0] });
  const page = await context.newPage();
  await page.goto('/auth');
  await expect(page).toHaveTitle('Accedi · Giro');
  await page.getByLabel('Nome utente o email').fill('nessuno');
  await page.getByLabel('Password', { exact: true }).fill('non-la-password-giusta');
  await page.getByRole('button', { name: 'Accedi', exact: true }).last().click();
  await expectToast(page, 'Accesso non riuscito');
  const toast = await page
    .getByRole('region', { name: /Notifiche/ })
    .locator('li')
    .first()
    .boundingBox();
  const banner = await page.getByRole('region', { name: 'Cookie' }).boundingBox();
  // The toast stands clear of the banner: both of its choices stay in sight and usable.
  expect(toast!.y + toast!.height).toBeLessThanOrEqual(banner!.y + 1);
  await page.getByRole('button', { name: 'Accetta tutti' }).click();
  await expect(page.getByRole('region', { name: 'Cookie' })).toBeHidden();
  // A close button a finger can hit (44 px).
  const close = await page
    .getByRole('region', { name: /Notifiche/ })
    .getByRole('button', { name: 'Chiudi' })
    .boundingBox();
  expect(Math.min(close!.width, close!.height)).toBeGreaterThanOrEqual(44);
  // And so are the page's smaller controls: the language, the tabs, the way to a new password, the footer.
  for (const link of [
    page.getByRole('link', { name: 'Password dimenticata?' }),
    page.getByTestId('language-switcher'),
    page.getByTestId('login-tab'),
    page.getByRole('contentinfo').getByRole('link').first(),
    page.getByRole('contentinfo').getByRole('button', { name: 'Preferenze cookie' }),
  ])
    expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await context.close();
});

test('a member’s pages: accessible, and Italian where Italian', async ({ browser }) => {
  // Thirty checks by axe, two to five seconds each on this two-core machine; Account's
  // notification groups alone (thirty types, three switches each) take axe about two.
  test.setTimeout(180_000);
  const { page } = await registerMember(browser, 'pagine');
  for (const { language } of [...languages, languages[0]]) {
    await page.getByTestId('language-switcher').selectOption(language);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    for (const size of pageSizes) {
      await page.setViewportSize(size);
      for (const path of signedInPages) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        // Closed, a group's switches are out of axe's sight: each is opened, as a member would.
        if (path === '/account') {
          await page.getByTestId('notification-types').waitFor();
          const summaries = page.locator('[data-testid^="notification-group-"] > summary');
          expect(await summaries.count()).toBeGreaterThan(2);
          for (const summary of await summaries.all()) await summary.click();
        }
        await checkPage(page, `${path} (${language}, ${size.name})`);
      }
    }
  }
  // On a phone the bottom bar leads to each place, and the open one is marked.
  await page.setViewportSize(pageSizes[0]);
  await page.goto('/');
  const bar = page.getByTestId('bottom-bar');
  for (const [name, path, heading] of [
    ['Fondo', '/fund', 'Fondo a rotazione'],
    ['Richieste', '/requests', 'Richieste di aiuto'],
    ['Account', '/account', 'Impostazioni account'],
    ['Home', '/', /^Ciao, /],
  ] as const) {
    await bar.getByRole('link', { name }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    // Each place names itself in the tab (WCAG 2.4.2), not "Giro" everywhere.
    await expect(page).toHaveTitle(
      `${name === 'Home' ? 'Home' : typeof heading === 'string' ? heading : ''} · Giro`,
    );
    await expect(bar.getByRole('link', { name })).toHaveAttribute('aria-current', 'page');
  }
  await page.context().close();
});
