import { expect, type Page, test } from '@playwright/test';
import { ADMIN_EMAIL } from './support/admin';
import { registerMember } from './support/members';
import { fillRegistration, person } from './support/people';

const ADMIN_ROUTES = [
  '/api/admin/overview',
  '/api/admin/invite-tracking',
  '/api/admin/statistics',
  '/api/admin/fund-metrics',
];

/**
 * The admin of ADMIN_EMAILS: signed in if an earlier journey registered them, else registered
 * now (this file may run alone).
 */
async function signInAdmin(page: Page) {
  const admin = { ...person('admin'), email: ADMIN_EMAIL };
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Accetta tutti' }).click();
  const { csrfToken } = await (await page.request.get('/api/csrf-token')).json();
  const login = await page.request.post('/api/login', {
    data: { username: ADMIN_EMAIL, password: admin.password },
    headers: { 'x-csrf-token': csrfToken },
  });
  if (login.ok()) return;
  await page.getByTestId('register-tab').click();
  await page.getByTestId('create-tab').click();
  await page.getByLabel("Nome dell'organizzazione").fill('Giro HQ');
  await page.getByLabel('Tipo').selectOption('team');
  await fillRegistration(page, admin);
  await page.getByRole('button', { name: 'Crea account e organizzazione' }).click();
  await expect(page.getByTestId('dashboard-welcome')).toBeVisible();
}

/**
 * Issue 7, insights: a family whose second member joins by the invite link; the member's
 * statistics page; a member refused every admin route; the admin's home, invite tracking (the
 * family's code with its visit and registration; a tester invite issued and revoked),
 * statistics and fund metrics, each chart with its table.
 */
test('an admin reads invite tracking, statistics and fund metrics; a member has their statistics and no admin page', async ({
  page,
  browser,
}) => {
  const anna = await registerMember(browser, 'stat');
  const inviteLink = (await anna.page.getByTestId('invite-link').textContent())!.trim();
  const code = inviteLink.split('/').at(-1)!;
  const luca = await registerMember(browser, 'luca', { inviteLink });

  await luca.page.getByTestId('statistics-link').click();
  await expect(luca.page.getByRole('heading', { name: 'Le mie statistiche', level: 1 })).toBeVisible();
  await expect(luca.page.getByTestId('statistics-totals')).toContainText('Versato0,00');
  await expect(luca.page.getByTestId('statistics-empty')).toBeVisible();
  const download = luca.page.waitForEvent('download');
  await luca.page.getByTestId('statement-download').click();
  expect((await download).suggestedFilename()).toBe('giro-statement.csv');

  for (const path of ADMIN_ROUTES) expect((await luca.page.request.get(path)).status(), path).toBe(404);
  await luca.page.goto('/admin/invite-tracking');
  await expect(luca.page.getByRole('heading', { name: 'Pagina non trovata' })).toBeVisible();

  await signInAdmin(page);
  await page.goto('/admin');
  await expect(page.getByTestId('admin-card-invite-tracking')).toContainText('Visite agli inviti');
  await expect(page.getByTestId('admin-card-statistics')).toContainText('Denaro movimentato');
  await page.getByTestId('admin-card-invite-tracking').click();
  await expect(page.getByRole('heading', { name: 'Tracciamento inviti', level: 1 })).toBeVisible();
  const row = page.getByTestId('invite-codes').getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('Famiglia Giro (Famiglia)');
  // Luca's visit of the link and his registration with it.
  await expect(row.getByRole('cell').nth(1)).not.toHaveText('0');
  await expect(row.getByRole('cell').nth(2)).toHaveText('1');

  await page.getByLabel('Scade tra (giorni)').fill('3');
  await page.getByRole('button', { name: 'Crea invito' }).click();
  const url = (await page.getByTestId('issued-invite-url').textContent())!.trim();
  const testerCode = url.split('/').at(-1)!;
  const invite = page.getByTestId('tester-invite').filter({ hasText: testerCode });
  await expect(invite).toContainText('attivo');
  await invite.getByRole('button', { name: 'Revoca' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoca' }).click();
  await expect(invite).toContainText('revocato');
  expect((await page.request.get(`/api/invite/${testerCode}`)).status()).toBe(404);

  await page.goto('/admin/statistics');
  await expect(page.getByTestId('statistics-figures')).toContainText('Utenti');
  await page.getByText('Mostra come tabella').first().click();
  await expect(page.getByRole('table').first()).toContainText('Famiglia');

  await page.goto('/admin/fund-metrics');
  await expect(page.getByTestId('fund-figures')).toContainText('Contributi puntuali');
  await expect(page.getByRole('figure').filter({ hasText: 'Fondi per fase' })).toBeVisible();
});
