import { expect, type Page } from '@playwright/test';

let counter = 0;

export function person(prefix: string) {
  counter += 1;
  const id = `${prefix}${Date.now().toString(36)}${counter}`;
  return {
    username: id,
    email: `${id}@example.com`,
    password: 'una password lunga e sicura',
    firstName: prefix,
    lastName: 'Rossi',
  };
}

export type Person = ReturnType<typeof person>;

/** Fills the common registration fields (labels in Italian, the default language). */
export async function fillRegistration(page: Page, who: Person) {
  await page.getByLabel('Nome', { exact: true }).fill(who.firstName);
  await page.getByLabel('Cognome').fill(who.lastName);
  await page.getByLabel('Nome utente', { exact: true }).fill(who.username);
  await page.getByLabel('Email', { exact: true }).fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByLabel(/Accetto i termini/).check();
  // The proof of work solves itself once the widget loads (functional cookies are accepted).
  await expect(page.getByTestId('captcha')).toContainText(/verificat|verified/i, { timeout: 30_000 });
}
