import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import i18n, { pickLanguage, takeLanguagePickedSignedOut } from '../../../lib/i18n';
import { fakeServer, testUser } from '../../../test/render-page';
import { useLanguageSync } from './use-language-sync';

afterEach(async () => {
  cleanup();
  takeLanguagePickedSignedOut();
  await i18n.changeLanguage('it');
  vi.unstubAllGlobals();
});

const savedLanguages = (calls: { method: string; url: string; body: unknown }[]) =>
  calls.filter((call) => call.method === 'PUT' && call.url === '/api/user/language').map((call) => call.body);

test('a user arriving signed in gets the language the account saved, and nothing is saved back', async () => {
  const calls = fakeServer({ 'PUT /api/user/language': {} });
  renderHook(() => useLanguageSync(testUser({ languagePreference: 'en' })));
  await waitFor(() => expect(i18n.language).toBe('en'));
  expect(savedLanguages(calls)).toEqual([]);
});

test('signed in, every pick is saved, the saved language too once another was picked', async () => {
  const calls = fakeServer({ 'PUT /api/user/language': {} });
  renderHook(() => useLanguageSync(testUser({ languagePreference: 'it' })));
  pickLanguage('en', true);
  await waitFor(() => expect(savedLanguages(calls)).toEqual([{ languagePreference: 'en' }]));
  pickLanguage('it', true);
  await waitFor(() => expect(savedLanguages(calls)).toHaveLength(2));
  expect(savedLanguages(calls)[1]).toEqual({ languagePreference: 'it' });
  expect(takeLanguagePickedSignedOut()).toBeNull();
});
