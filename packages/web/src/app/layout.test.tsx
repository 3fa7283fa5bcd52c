import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderAt, signedIn } from '../test/render-page';
import { Layout } from './layout';

afterEach(() => {
  cleanup();
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
