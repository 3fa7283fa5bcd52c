import { onlineManager } from '@tanstack/react-query';
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from '../components/ui/button';
import { fakeServer, renderAt, signedIn } from '../test/render-page';
import { Layout } from './layout';

afterEach(() => {
  cleanup();
  onlineManager.setOnline(true);
  vi.unstubAllGlobals();
});

const page = (
  <Layout>
    <h1>Impostazioni</h1>
  </Layout>
);

describe('layout: the unverified-email banner', () => {
  it('shows on any signed-in page, not only the dashboard, until the email is verified', async () => {
    fakeServer(signedIn({ emailVerified: false }));
    renderAt('/account', page);
    expect(await screen.findByTestId('unverified-banner')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Impostazioni' })).toBeTruthy();
  });

  it('is absent once verified, and when signed out', async () => {
    fakeServer(signedIn({ emailVerified: true }));
    renderAt('/account', page);
    expect(await screen.findByTestId('account-link')).toBeTruthy();
    expect(screen.queryByTestId('unverified-banner')).toBeNull();
    cleanup();
    fakeServer({ 'GET /api/session/check': { authenticated: false } });
    renderAt('/privacy', page);
    await screen.findByRole('heading', { name: 'Impostazioni' });
    expect(screen.queryByTestId('unverified-banner')).toBeNull();
  });
});

describe('layout: offline (issue 13)', () => {
  const actions = (
    <Layout>
      <h1>Fondo</h1>
      <Button>Versa 50,00 €</Button>
      <Button variant="secondary">Dettagli</Button>
      <Button needsNetwork={false}>Vai al voto</Button>
    </Layout>
  );

  it('says the page is the last known state, and disables what needs the server, saying why', async () => {
    fakeServer(signedIn());
    renderAt('/', actions);
    await screen.findByTestId('account-link');
    expect(screen.queryByTestId('offline-banner')).toBeNull();
    expect(screen.getByRole('button', { name: 'Versa 50,00 €' })).toHaveProperty('disabled', false);

    act(() => onlineManager.setOnline(false));
    const banner = await screen.findByTestId('offline-banner');
    expect(banner.textContent).toMatch(/^Offline, dati delle \d{2}[:.]\d{2}\. Pagamenti, voti e modifiche/);
    const pay = screen.getByRole('button', { name: 'Versa 50,00 €' });
    expect(pay).toHaveProperty('disabled', true);
    expect(pay.getAttribute('aria-describedby')).toBe('offline-reason');
    expect(document.getElementById('offline-reason')?.textContent).toContain('tornano disponibili');
    expect(screen.getByRole('button', { name: 'Dettagli' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('button', { name: 'Vai al voto' })).toHaveProperty('disabled', false);

    act(() => onlineManager.setOnline(true));
    expect(screen.queryByTestId('offline-banner')).toBeNull();
    expect(screen.getByRole('button', { name: 'Versa 50,00 €' })).toHaveProperty('disabled', false);
  });

  it('tells a signed-out visitor that signing in needs a connection', async () => {
    fakeServer({ 'GET /api/session/check': { authenticated: false } });
    onlineManager.setOnline(false);
    renderAt('/auth', actions);
    expect((await screen.findByTestId('offline-banner')).textContent).toBe(
      'Offline. Per accedere serve una connessione.',
    );
  });
});

describe('layout: the places a member goes (issue 13)', () => {
  const links = (bar: HTMLElement) =>
    within(bar)
      .getAllByRole('link')
      .map((link) => link.textContent);

  it('a phone’s bottom bar: Home, Fund, Requests, Account, the open one marked', async () => {
    fakeServer(signedIn({ familyId: 'f1' }));
    renderAt('/fund', page);
    const bar = await screen.findByTestId('bottom-bar');
    expect(links(bar)).toEqual(['Home', 'Fondo', 'Richieste', 'Account']);
    expect(within(bar).getByRole('link', { name: 'Fondo' }).getAttribute('aria-current')).toBe('page');
    expect(within(bar).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
    expect(within(bar).getByRole('link', { name: 'Richieste' }).getAttribute('href')).toBe('/requests');
  });

  it('an admin has Admin too; a member without an organization only Home and Account', async () => {
    fakeServer(signedIn({ familyId: 'f1', role: 'admin' }));
    renderAt('/requests/r1', page);
    const bar = await screen.findByTestId('bottom-bar');
    expect(links(bar)).toEqual(['Home', 'Fondo', 'Richieste', 'Account', 'Admin']);
    expect(within(bar).getByRole('link', { name: 'Richieste' }).getAttribute('aria-current')).toBe('page');
    cleanup();
    fakeServer(signedIn({ familyId: null }));
    renderAt('/', page);
    expect(links(await screen.findByTestId('bottom-bar'))).toEqual(['Home', 'Account']);
  });

  it('a visitor has no bar', async () => {
    fakeServer({ 'GET /api/session/check': { authenticated: false } });
    renderAt('/auth', page);
    await screen.findByRole('heading', { name: 'Impostazioni' });
    expect(screen.queryByTestId('bottom-bar')).toBeNull();
  });
});
