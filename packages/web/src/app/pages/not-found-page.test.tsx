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
});
