import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json, renderAt } from '../../../test/render-page';
import { DistributionModal } from './distribution-modal';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const payout = { grossCents: 10000, feeCents: 300, netCents: 9700, paypalNetCents: 0, manualCents: 0 };

describe('distribution modal', () => {
  it('"Connected account required" links to the payment account panel of the settings', async () => {
    fakeServer({
      'POST /api/rotating-fund/f1/withdraw': json(422, {
        code: 'PAYOUT_ACCOUNT_REQUIRED',
        message: 'Serve un conto collegato: configura il conto per i pagamenti nelle impostazioni.',
      }),
    });
    renderAt('/', <DistributionModal fundId="f1" payout={payout} />);
    fireEvent.click(screen.getByRole('button', { name: 'Preleva il fondo' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Preleva' }));
    const required = await screen.findByTestId('payout-account-required');
    expect(required.textContent).toContain('Serve un conto collegato');
    const link = screen.getByRole('link', {
      name: 'Collega un conto per ricevere i pagamenti nelle impostazioni',
    });
    expect(link.getAttribute('href')).toBe('/account#payout-account');
  });

  it('shows the part of the net that came from PayPal, and where it goes, only when there is one', async () => {
    renderAt('/', <DistributionModal fundId="f1" payout={{ ...payout, paypalNetCents: 4850 }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Preleva il fondo' }));
    const row = (await screen.findByText('di cui da PayPal')).nextElementSibling;
    expect(row?.textContent).toMatch(/^48,50\s€$/);
    expect(screen.getByTestId('distribution-modal').textContent).toContain('alla tua email PayPal');
    cleanup();
    renderAt('/', <DistributionModal fundId="f1" payout={payout} />);
    fireEvent.click(screen.getByRole('button', { name: 'Preleva il fondo' }));
    await screen.findByText('Netto a te');
    expect(screen.queryByText('di cui da PayPal')).toBeNull();
  });
});
