import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import i18n from '../../../lib/i18n';
import { fakeServer, testUser } from '../../../test/render-page';
import { useLanguageSync } from './use-language-sync';

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('it');
  vi.unstubAllGlobals();
});

test('a user arriving signed in gets the language the account saved, and nothing is saved back', async () => {
  const calls = fakeServer({ 'PUT /api/user/language': {} });
  renderHook(() => useLanguageSync(testUser({ languagePreference: 'en' })));
  await waitFor(() => expect(i18n.language).toBe('en'));
  expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
});
