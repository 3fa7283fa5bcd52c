import { expect, type Page } from '@playwright/test';
import { fillRegistration, person } from './people';

/** The e2e server is started with this email in ADMIN_EMAILS: whoever registers with it is an admin. */
export const ADMIN_EMAIL = 'e2e-admin@example.com';

/**
 * The admin of ADMIN_EMAILS: signed in if an earlier admin journey registered them, else
 * registered now with an organization of their own.
 */
export async function signInAdmin(page: Page) {
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
