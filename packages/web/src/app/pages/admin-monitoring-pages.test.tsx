import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import { fakeServer, renderAt, signedIn } from '../../test/render-page';
import { AppRoutes } from '../routes';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const pages = ['api-monitoring', 'api-logs', 'email-tracking', 'email-templates'] as const;

describe('admin monitoring pages', () => {
  it.each(pages)('/admin/%s opens its page for an admin', async (page) => {
    await i18n.changeLanguage('it');
    fakeServer({
      ...signedIn({ role: 'admin' }),
      'GET /api/admin/api-monitoring': new Promise(() => {}),
      'GET /api/admin/api-logs?limit=50': { items: [], nextCursor: null },
      'GET /api/admin/email-tracking?limit=50': { items: [], nextCursor: null },
      'GET /api/admin/email-templates': { items: [] },
    });
    renderAt(`/admin/${page}`, <AppRoutes />);
    expect(
      await screen.findByRole('heading', { name: i18n.t(`admin.pages.${page}`), level: 1 }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: "Torna all'amministrazione" }).getAttribute('href')).toBe(
      '/admin',
    );
  });

  it.each(pages)('/admin/%s is not found for a member, who asks the server nothing', async (page) => {
    const calls = fakeServer(signedIn());
    renderAt(`/admin/${page}`, <AppRoutes />);
    expect(await screen.findByRole('heading', { name: 'Pagina non trovata' })).toBeTruthy();
    expect(calls.some((call) => call.url.startsWith('/api/admin/'))).toBe(false);
  });
});
