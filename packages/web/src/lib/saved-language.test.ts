import { waitFor } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { fakeServer, testUser } from '../test/render-page';
import i18n from './i18n';
import { languageAtSignIn, pickLanguage, takeLanguagePickedSignedOut } from './saved-language';

afterEach(async () => {
  takeLanguagePickedSignedOut();
  await i18n.changeLanguage('it');
  vi.unstubAllGlobals();
});

const savedLanguages = (calls: { method: string; url: string; body: unknown }[]) =>
  calls.filter((call) => call.method === 'PUT' && call.url === '/api/user/language').map((call) => call.body);

test("without a pick, the account's language is in before the signed-in page shows, and not saved back", async () => {
  const calls = fakeServer({ 'PUT /api/user/language': {} });
  const user = await languageAtSignIn(testUser({ languagePreference: 'en' }));
  expect(i18n.language).toBe('en');
  expect(user.languagePreference).toBe('en');
  expect(savedLanguages(calls)).toEqual([]);
});

test('a language picked on the sign-in page wins over the saved one and is saved, once', async () => {
  const calls = fakeServer({ 'PUT /api/user/language': {} });
  pickLanguage('en', false);
  const user = await languageAtSignIn(testUser({ languagePreference: 'it' }));
  expect(user.languagePreference).toBe('en');
  expect(i18n.language).toBe('en');
  await waitFor(() => expect(savedLanguages(calls)).toEqual([{ languagePreference: 'en' }]));
  // The next sign-in in this tab starts from the account's language again.
  expect(await languageAtSignIn(testUser({ languagePreference: 'it' }))).toMatchObject({
    languagePreference: 'it',
  });
  expect(i18n.language).toBe('it');
});

test('signed in, a pick is saved where it is made, and is no pick for a later sign-in', async () => {
  const calls = fakeServer({ 'PUT /api/user/language': {} });
  pickLanguage('en', true);
  await waitFor(() => expect(savedLanguages(calls)).toEqual([{ languagePreference: 'en' }]));
  await languageAtSignIn(testUser({ languagePreference: 'it' }));
  expect(i18n.language).toBe('it');
  expect(savedLanguages(calls)).toHaveLength(1);
});

test('signed out, a pick saves nothing', async () => {
  const calls = fakeServer({ 'PUT /api/user/language': {} });
  pickLanguage('en', false);
  await waitFor(() => expect(i18n.language).toBe('en'));
  expect(savedLanguages(calls)).toEqual([]);
});
