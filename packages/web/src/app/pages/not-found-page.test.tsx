import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n';
import NotFoundPage from './not-found-page';

afterEach(cleanup);

describe('not-found page', () => {
  it('says so in Italian by default and in English when chosen', async () => {
    render(<NotFoundPage />);
    expect(screen.getByRole('heading').textContent).toBe('Pagina non trovata');
    await i18n.changeLanguage('en');
    cleanup();
    render(<NotFoundPage />);
    expect(screen.getByRole('heading').textContent).toBe('Page not found');
    expect(document.documentElement.lang).toBe('en');
    await i18n.changeLanguage('it');
  });

  it('names itself in the tab, in the language shown, and gives the name back when it goes', async () => {
    const { rerender } = render(<NotFoundPage />);
    // WCAG 2.4.2: every page has a title of its own, not "Giro" everywhere.
    expect(document.title).toBe('Pagina non trovata · Giro');
    await i18n.changeLanguage('en');
    rerender(<NotFoundPage />);
    expect(document.title).toBe('Page not found · Giro');
    cleanup();
    expect(document.title).toBe('Giro');
    await i18n.changeLanguage('it');
  });
});
