import type { Dashboard } from '@giro/contract/dashboard';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import { fakeServer, renderAt, signedIn } from '../../test/render-page';
import DashboardPage from './dashboard-page';

beforeEach(() => i18n.changeLanguage('it'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const dashboard = (memberCount: number): Dashboard => ({
  userStats: { totalGivenCents: 0, totalReceivedCents: 0, currentBalanceCents: 0, completedCycles: 0 },
  organization: {
    id: 'o1',
    name: 'Famiglia Zed',
    type: 'family',
    inviteCode: 'M25PFJ3S',
    memberCount,
    totalContributionsCents: 0,
    memberSince: '2026-12-06T00:00:00.000Z',
  },
  leaderboard: [],
  queuedRequests: [],
  activeRequest: null,
});

function home(memberCount: number) {
  fakeServer({
    ...signedIn({ familyId: 'o1' }),
    'GET /api/dashboard': dashboard(memberCount),
    'GET /api/debts': { debts: [] },
  });
  renderAt('/', <DashboardPage />);
}

/** Whether `first` comes before `second` in the page. */
const before = (first: Element, second: Element) =>
  (first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;

/** The home of someone in no organization, with these notices and payouts owed to them. */
function homeInNoFamily(notifications: unknown[], owed: unknown[]) {
  const calls = fakeServer({
    ...signedIn({ familyId: null }),
    'GET /api/dashboard': {
      userStats: dashboard(1).userStats,
      organization: null,
      leaderboard: [],
      queuedRequests: [],
      activeRequest: null,
    },
    'GET /api/debts': { debts: [] },
    'GET /api/config': { registration: 'open' },
    'GET /api/requests/payouts-owed': { requests: owed },
    'GET /api/user-notifications': { unread: notifications.length, notifications },
  });
  renderAt('/', <DashboardPage />);
  return calls;
}

describe('the home of someone in no organization', () => {
  it('shows what they were told first, above their totals, such as a payout of theirs to retry, on its request’s page', async () => {
    homeInNoFamily(
      [
        {
          id: 'n1',
          type: 'request_payout_failed',
          title: 'Erogazione non riuscita',
          body: 'Il denaro ti aspetta.',
          link: '/requests/r1',
          createdAt: '2026-12-07T08:00:00.000Z',
          read: false,
        },
      ],
      [{ id: 'r1', title: 'Caldaia', netCents: 19_450, status: 'failed' }],
    );
    const link = await screen.findByRole('link', { name: 'Erogazione non riuscita' }, { timeout: 5000 });
    expect(link.getAttribute('href')).toBe('/requests/r1');
    // The way back that lasts, whatever becomes of the notice (ADR 0057).
    const owed = await screen.findByRole('link', { name: /^Caldaia: 194,50\s€, erogazione non riuscita$/ });
    expect(owed.getAttribute('href')).toBe('/requests/r1');
    expect(before(owed, screen.getByText('Totale versato'))).toBe(true);
    const create = await screen.findByRole('heading', { name: "Crea un'organizzazione" }, { timeout: 5000 });
    expect(before(link, screen.getByText('Totale versato'))).toBe(true);
    expect(before(link, create)).toBe(true);
  });

  it('shows no alerts card when there is nothing to tell', async () => {
    const calls = homeInNoFamily([], []);
    await screen.findByRole('heading', { name: "Crea un'organizzazione" }, { timeout: 5000 });
    // Asked, answered and rendered: an empty card would be up by now.
    await waitFor(() => expect(calls.some((c) => c.url === '/api/user-notifications')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText('Nessun avviso.')).toBeNull();
    expect(screen.queryByTestId('alerts-panel')).toBeNull();
    expect(screen.queryByTestId('payouts-owed')).toBeNull();
  });
});

describe('the home of a member whose request’s payout failed', () => {
  it('says the money waits for them, above their totals, leading to the request', async () => {
    fakeServer({
      ...signedIn({ familyId: 'o1' }),
      'GET /api/dashboard': dashboard(3),
      'GET /api/debts': { debts: [] },
      'GET /api/requests/payouts-owed': {
        requests: [{ id: 'r1', title: 'Caldaia', netCents: 121_874, status: 'failed' }],
      },
    });
    renderAt('/', <DashboardPage />);
    const owed = await screen.findByRole(
      'link',
      { name: /^Caldaia: 1218,74\s€, erogazione non riuscita$/ },
      { timeout: 5000 },
    );
    expect(owed.getAttribute('href')).toBe('/requests/r1');
    expect(screen.getByTestId('payouts-owed').textContent).toContain('collegalo in Account');
    expect(before(owed, screen.getByText('Totale versato'))).toBe(true);
  });
});

describe('the home of a member alone in a new organization', () => {
  it('puts the invitation first, above the totals, once', async () => {
    home(1);
    const invite = await screen.findByRole('heading', { name: 'Invita la tua famiglia' });
    expect(before(invite, screen.getByText('Totale versato'))).toBe(true);
    await screen.findByText('Tipo');
    expect(screen.getAllByTestId('invite-link')).toHaveLength(1);
  });

  it('with others in it, the invitation goes back below, beside the organization', async () => {
    home(3);
    const invite = await screen.findByRole('heading', { name: 'Invita la tua famiglia' }, { timeout: 5000 });
    expect(before(screen.getByText('Totale versato'), invite)).toBe(true);
    expect(screen.getAllByTestId('invite-link')).toHaveLength(1);
  });

  it('offers the phone’s share sheet where there is one, with the invite link', async () => {
    const share = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, share, clipboard: navigator.clipboard });
    home(1);
    fireEvent.click(await screen.findByRole('button', { name: "Invia l'invito" }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    expect(share).toHaveBeenCalledWith({
      title: 'Giro',
      text: 'Unisciti a Famiglia Zed su Giro',
      url: `${window.location.origin}/invite/M25PFJ3S`,
    });
  });
});
