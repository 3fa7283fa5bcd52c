import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import { fakeServer, renderAt, signedIn } from '../../test/render-page';
import { testRequest } from '../../test/request-fixture';
import RequestsPage from './requests-page';

beforeEach(() => i18n.changeLanguage('it'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const overview = { active: testRequest(), queued: [], recentActivity: [] };

describe('the Requests page', () => {
  it('shows first what a family left still owes the member, leading to that request’s page', async () => {
    fakeServer({
      ...signedIn({ familyId: 'o2' }),
      'GET /api/requests': overview,
      'GET /api/requests/payouts-owed': {
        requests: [{ id: 'r9', title: 'Caldaia', netCents: 19_450, status: 'failed' }],
      },
    });
    renderAt('/requests', <RequestsPage />);
    const owed = await screen.findByRole('link', { name: /^Caldaia: 194,50\s€, erogazione non riuscita$/ });
    expect(owed.getAttribute('href')).toBe('/requests/r9');
    expect(screen.getByTestId('payouts-owed').textContent).toContain('collegalo in Account');
    await screen.findByTestId('active-request');
  });

  it('asks nothing of the member for a payout on its way', async () => {
    fakeServer({
      ...signedIn({ familyId: 'o2' }),
      'GET /api/requests': overview,
      'GET /api/requests/payouts-owed': {
        requests: [{ id: 'r9', title: 'Caldaia', netCents: 19_450, status: 'pending' }],
      },
    });
    renderAt('/requests', <RequestsPage />);
    await screen.findByRole('link', { name: /^Caldaia: 194,50\s€, erogazione in corso$/ });
    const card = screen.getByTestId('payouts-owed').textContent;
    expect(card).toContain('in viaggio verso il tuo conto: non devi fare nulla');
    expect(card).not.toContain('riprovare');
  });

  it('shows nothing of it when nothing is owed', async () => {
    const calls = fakeServer({
      ...signedIn({ familyId: 'o2' }),
      'GET /api/requests': overview,
      'GET /api/requests/payouts-owed': { requests: [] },
    });
    renderAt('/requests', <RequestsPage />);
    await screen.findByTestId('active-request');
    // Asked and answered: an empty card would be up by now.
    await waitFor(() => expect(calls.some((c) => c.url === '/api/requests/payouts-owed')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByTestId('payouts-owed')).toBeNull();
  });
});
