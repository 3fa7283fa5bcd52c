import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n';
import NotFoundPage from './not-found-page';

afterEach(cleanup);

/** The page suspends until its strings (lib/i18n's `pages`) are in, as under the app's routes. */
const page = () => (
  <Suspense fallback={null}>
    <NotFoundPage />
  </Suspense>
);

describe('not-found page', () => {
  it('says so in Italian by default and in English when chosen', async () => {
    render(page());
    expect((await screen.findByRole('heading')).textContent).toBe('Pagina non trovata');
    await i18n.changeLanguage('en');
    cleanup();
    render(page());
    expect((await screen.findByRole('heading')).textContent).toBe('Page not found');
    expect(document.documentElement.lang).toBe('en');
    await i18n.changeLanguage('it');
  });

  it('names itself in the tab, in the language shown, and gives the name back when it goes', async () => {
    const { rerender } = render(page());
    // WCAG 2.4.2: every page has a title of its own, not "Giro" everywhere.
    await waitFor(() => expect(document.title).toBe('Pagina non trovata · Giro'));
    await i18n.changeLanguage('en');
    rerender(page());
    await waitFor(() => expect(document.title).toBe('Page not found · Giro'));
    cleanup();
    expect(document.title).toBe('Giro');
    await i18n.changeLanguage('it');
  });
});
