import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderAt, signedIn } from '../test/render-page';
import { AppRoutes } from './routes';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('routes: back from Stripe onboarding', () => {
  it.each(['/account/stripe/return', '/account/stripe/refresh'])(
    '%s opens the account settings',
    async (path) => {
      fakeServer(signedIn());
      renderAt(path, <AppRoutes />);
      expect(await screen.findByRole('heading', { name: 'Impostazioni account', level: 1 })).toBeTruthy();
    },
  );

  it('any other step is not found', async () => {
    fakeServer(signedIn());
    renderAt('/account/stripe/anything', <AppRoutes />);
    expect(await screen.findByRole('heading', { name: 'Pagina non trovata' })).toBeTruthy();
  });
});
