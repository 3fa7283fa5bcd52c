import { expect, test } from '@playwright/test';
import { linkFromMail } from './support/mail';
import { keptOfflineCopy } from './support/offline-steps';
import { fillRegistration, person } from './support/people';

/**
 * The foundation journey (issue 2): register creating a family, follow the emailed
 * verification link, sign out, sign in, invite a second person who joins by the link,
 * switch language, and reload without losing anything.
 */
test('register, verify, sign out and in, invite a member, switch language, reload', async ({
  browser,
  page,
}) => {
  const anna = person('anna');

  await page.goto('/');
  await expect(page).toHaveURL(/\/auth$/);
  await page.getByRole('button', { name: 'Accetta tutti' }).click();
  await page.getByTestId('register-tab').click();
  await page.getByTestId('create-tab').click();
  await page.getByLabel("Nome dell'organizzazione").fill('Famiglia Rossi');
  await page.getByLabel('Tipo').selectOption('family');
  await fillRegistration(page, anna);
  await page.getByRole('button', { name: 'Crea account e organizzazione' }).click();

  await expect(page.getByTestId('dashboard-welcome')).toHaveText('Ciao, anna Rossi');
  await expect(page.getByTestId('unverified-banner')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Famiglia Rossi' })).toBeVisible();

  // The verification email arrives over SMTP; its link verifies the address.
  await page.goto(await linkFromMail(anna.email, '/verify-email'));
  await expect(page.getByRole('heading', { name: 'Email verificata' })).toBeVisible();
  await page.getByRole('link', { name: 'Vai alla dashboard' }).click();
  await expect(page.getByTestId('dashboard-welcome')).toBeVisible();
  await expect(page.getByTestId('unverified-banner')).toHaveCount(0);
  const inviteLink = (await page.getByTestId('invite-link').textContent())!.trim();
  expect(inviteLink).toMatch(/\/invite\/[2-9A-HJKMNP-Z]{8}$/);

  // Sign out, then in again. What was kept for offline use is the member's, and goes with them.
  await expect.poll(() => keptOfflineCopy(page), { timeout: 30_000 }).toContain(anna.email);
  await page.getByTestId('account-link').click();
  await page.getByTestId('logout-button').click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect.poll(() => keptOfflineCopy(page)).toBeNull();
  await page.getByLabel('Nome utente o email').fill(anna.username);
  await page.getByLabel('Password', { exact: true }).fill(anna.password);
  await page.getByRole('button', { name: 'Accedi', exact: true }).last().click();
  await expect(page.getByTestId('dashboard-welcome')).toBeVisible();

  // A second person opens the invite link in another browser and joins.
  const other = await browser.newContext();
  const marco = person('marco');
  const second = await other.newPage();
  await second.goto(inviteLink);
  await expect(second.getByText('Hai un invito per Famiglia Rossi (Famiglia).')).toBeVisible();
  await second.getByRole('button', { name: 'Accetta tutti' }).click();
  await expect(second.getByLabel('Codice invito')).toHaveValue(inviteLink.split('/').pop()!);
  await fillRegistration(second, marco);
  await second.getByRole('button', { name: 'Crea account e unisciti' }).click();
  await expect(second.getByTestId('dashboard-welcome')).toHaveText('Ciao, marco Rossi');
  await expect(second.getByRole('heading', { name: 'Famiglia Rossi' })).toBeVisible();
  await other.close();

  // Anna sees Marco among the members; she switches to English, and a reload keeps it all.
  await page.reload();
  await expect(page.getByTestId('leaderboard')).toContainText('marco Rossi');
  await page.getByTestId('language-switcher').selectOption('en');
  await expect(page.getByTestId('dashboard-welcome')).toHaveText('Welcome, anna Rossi');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.reload();
  await expect(page.getByTestId('dashboard-welcome')).toHaveText('Welcome, anna Rossi');
  await expect(page.getByTestId('leaderboard')).toContainText('marco Rossi');

  // The preference was saved on the server: a fresh browser signing in gets English.
  const fresh = await browser.newContext();
  const again = await fresh.newPage();
  await again.goto('/auth');
  await again.getByRole('button', { name: 'Accetta tutti' }).click();
  await again.getByLabel('Nome utente o email').fill(anna.email);
  await again.getByLabel('Password', { exact: true }).fill(anna.password);
  await again.getByRole('button', { name: 'Accedi', exact: true }).last().click();
  await expect(again.getByTestId('dashboard-welcome')).toHaveText('Welcome, anna Rossi');
  await fresh.close();
});

test('unknown pages show the not-found page; signed-out visitors of the dashboard go to /auth', async ({
  page,
}) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Pagina non trovata' })).toBeVisible();
  await page.goto('/account');
  await expect(page).toHaveURL(/\/auth$/);
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { name: 'Informativa sulla privacy' })).toBeVisible();
});

test('a failed sign-in shows a destructive toast with the server message', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Solo necessari' }).click();
  await page.getByLabel('Nome utente o email').fill('nobody-at-all');
  await page.getByLabel('Password', { exact: true }).fill('wrong password here');
  await page.getByRole('button', { name: 'Accedi', exact: true }).last().click();
  const toasts = page.getByRole('region', { name: /Notifiche/ });
  await expect(toasts.getByText('Accesso non riuscito')).toBeVisible();
  await expect(toasts.getByText('Nome utente o password non validi')).toBeVisible();
});

test('the captcha needs functional cookies; accepting them from the form shows it', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Solo necessari' }).click();
  await page.getByTestId('register-tab').click();
  await expect(
    page.getByText('Accetta i cookie funzionali per usare la verifica di sicurezza.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Accetta i cookie funzionali' }).click();
  await expect(page.getByTestId('captcha')).toBeVisible();
});

test('a first visit follows the browser: Italian for Italian, else English; a pick is kept', async ({
  browser,
}) => {
  for (const [locale, heading, lang] of [
    ['it-IT', 'Pagina non trovata', 'it'],
    ['en-GB', 'Page not found', 'en'],
    ['de-DE', 'Page not found', 'en'],
  ] as const) {
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    if (locale === 'en-GB') {
      // Picked in the switcher: the pick wins over the browser from then on.
      await page.getByTestId('language-switcher').selectOption('it');
      await expect(page.getByRole('heading', { name: 'Pagina non trovata' })).toBeVisible();
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Pagina non trovata' })).toBeVisible();
    }
    await context.close();
  }
});
