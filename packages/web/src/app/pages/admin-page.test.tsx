import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderAt, signedIn } from '../../test/render-page';
import { AppRoutes } from '../routes';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const admin = signedIn({ role: 'admin', familyId: 'o1' });
const text = (element: Element) => (element.textContent ?? '').replace(/\s/g, ' ');
const overview = {
  users: 12,
  organizations: 3,
  runningFunds: 2,
  movedCents: 10_000,
  feesCents: 300,
  inviteVisits: 40,
  inviteConversionRate: 0.25,
  activeTesterInvites: 1,
  onTimeRate: 0.5,
  payoutFailures: 0,
};
const days = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    day: `2026-11-${String(i + 1).padStart(2, '0')}`,
    visits: i,
    registrations: 0,
    conversions: 0,
  }));
const tracking = {
  days: 30,
  totals: { visits: 40, registrations: 12, joins: 1, conversions: 10, conversionRate: 0.25 },
  codes: [
    {
      code: 'ROSSI234',
      source: 'organization',
      organizationId: 'o1',
      organizationName: 'Famiglia Rossi',
      organizationType: 'family',
      visits: 40,
      registrations: 12,
      joins: 1,
      conversions: 10,
      conversionRate: 0.25,
      lastAt: '2026-11-20T10:00:00.000Z',
    },
  ],
  codeCount: 1,
  series: days(30),
  testerInvites: [
    {
      id: '11111111-1111-4111-8111-111111111111',
      code: 'TESTER22',
      url: 'http://giro.test/invite/TESTER22',
      email: null,
      status: 'active',
      createdAt: '2026-11-01T00:00:00.000Z',
      expiresAt: '2026-12-01T00:00:00.000Z',
      usedAt: null,
      revokedAt: null,
      visits: 2,
      conversions: 0,
    },
  ],
};

describe('admin home', () => {
  it('shows each page with its headline figures; a page whose API does not answer keeps its link', async () => {
    fakeServer({ ...admin, 'GET /api/admin/overview': overview });
    renderAt('/admin', <AppRoutes />);
    const invites = await screen.findByTestId('admin-card-invite-tracking');
    await vi.waitFor(() => expect(text(invites)).toContain('Visite agli inviti (30 giorni)40'));
    expect(text(invites)).toContain('Tasso di conversione25%');
    expect(text(screen.getByTestId('admin-card-statistics'))).toContain('Denaro movimentato100,00 €');
    expect(text(screen.getByTestId('admin-card-fund-metrics'))).toContain('Contributi puntuali50%');
    const monitoring = screen.getByTestId('admin-card-api-monitoring');
    expect(monitoring.getAttribute('href')).toBe('/admin/api-monitoring');
    expect(monitoring.querySelector('dl')).toBeNull();
  });

  it('is not found for a member', async () => {
    fakeServer(signedIn());
    renderAt('/admin/statistics', <AppRoutes />);
    expect(await screen.findByRole('heading', { name: 'Pagina non trovata' })).toBeTruthy();
  });
});

describe('invite tracking page', () => {
  it('shows the funnel, the codes, and revokes a tester invite after asking', async () => {
    const calls = fakeServer({
      ...admin,
      'GET /api/admin/invite-tracking?days=30': tracking,
      'POST /api/admin/tester-invites/11111111-1111-4111-8111-111111111111/revoke': { status: 'revoked' },
    });
    renderAt('/admin/invite-tracking', <AppRoutes />);
    const totals = await screen.findByTestId('invite-totals');
    expect(text(totals)).toBe('Visite40Registrazioni12Conversioni10Tasso di conversione25%');
    const row = within(screen.getByTestId('invite-codes')).getAllByRole('row')[1]!;
    expect(text(row)).toContain('ROSSI234Famiglia Rossi (Famiglia)4012110');
    const invite = screen.getByTestId('tester-invite');
    expect(text(invite)).toContain('TESTER22 · attivo');
    fireEvent.click(within(invite).getByRole('button', { name: 'Revoca' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoca' }));
    await vi.waitFor(() => expect(calls.some((c) => c.url.endsWith('/revoke'))).toBe(true));
  });

  it('says when the figures cannot be loaded', async () => {
    fakeServer({ ...admin, 'GET /api/admin/invite-tracking?days=30': new Response('{}', { status: 400 }) });
    renderAt('/admin/invite-tracking', <AppRoutes />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Impossibile caricare i dati. Riprova più tardi.',
    );
  });
});

describe('statistics and fund metrics pages', () => {
  it('statistics: figures from the ledger and charts with tables', async () => {
    fakeServer({
      ...admin,
      'GET /api/admin/statistics?days=30': {
        days: 30,
        users: { total: 5, verified: 4, admins: 1, deleted: 1 },
        organizations: { total: 2, open: 2, byType: [{ type: 'family', count: 2 }] },
        funds: { total: 1, byStatus: [{ status: 'active', count: 1 }] },
        money: { movedCents: 10_000, paidOutCents: 9700, feesCents: 300, refundedCents: 0, inEscrowCents: 0 },
        series: days(30).map(({ day }) => ({
          day,
          newUsers: 1,
          newOrganizations: 0,
          movedCents: 0,
          feesCents: 0,
        })),
      },
    });
    renderAt('/admin/statistics', <AppRoutes />);
    const figures = await screen.findByTestId('statistics-figures');
    expect(text(figures)).toContain('Utenti4');
    expect(text(figures)).toContain('Commissioni3,00 €');
    expect(screen.getAllByRole('table', { hidden: true })).toHaveLength(4);
  });

  it('fund metrics: the headline figures and the phases', async () => {
    fakeServer({
      ...admin,
      'GET /api/admin/reconciliation': { last: null },
      'GET /api/admin/fund-metrics': {
        funds: { total: 2, running: 1 },
        byPhase: [{ phase: 'collecting', count: 1 }],
        contributions: { onTime: 3, late: 1, failed: 0, missed: 1, onTimeRate: 0.75 },
        emergencyVotes: { wait: 1, skip: 0, expel: 0, withdrawn: 0, open: 0 },
        strikes: { total: 1, members: 1, membersAtRisk: 0 },
        recipientTimeouts: 0,
        payoutFailures: 1,
        debts: { members: 0, totalCents: 0 },
        cycles: { completed: 1, averageLengthMs: 45 * 86_400_000 },
      },
    });
    renderAt('/admin/fund-metrics', <AppRoutes />);
    const figures = await screen.findByTestId('fund-figures');
    expect(text(figures)).toContain('Contributi puntuali75%');
    expect(text(figures)).toContain('Durata media di un ciclo45 giorni');
    expect(screen.getByText('Raccolta contributi', { selector: 'th' })).toBeTruthy();
  });

  it('fund metrics: a reconciliation difference in red with its ids, and "Reconcile now" replaces it', async () => {
    const run = {
      id: 'r1',
      trigger: 'hourly',
      startedAt: '2026-11-26T10:00:00.000Z',
      finishedAt: '2026-11-26T10:00:02.000Z',
      provider: 'sandbox',
      checked: { charges: { card: 4, paypal: 1 }, payouts: 2 },
      inFlight: 1,
      differences: [
        {
          object: 'charge',
          method: 'card',
          operationId: 'op-1',
          organizationId: 'o1',
          subject: 'contribution:c-1',
          providerRef: 'pi_123',
          ledgerCents: 5000,
          providerCents: 0,
        },
      ],
      error: null,
    };
    const calls = fakeServer({
      ...admin,
      'GET /api/admin/reconciliation': { last: run },
      'POST /api/admin/reconciliation': {
        last: { ...run, id: 'r2', trigger: 'admin', inFlight: 0, differences: [] },
      },
      'GET /api/admin/fund-metrics': {
        funds: { total: 0, running: 0 },
        byPhase: [],
        contributions: { onTime: 0, late: 0, failed: 0, missed: 0, onTimeRate: null },
        emergencyVotes: { wait: 0, skip: 0, expel: 0, withdrawn: 0, open: 0 },
        strikes: { total: 0, members: 0, membersAtRisk: 0 },
        recipientTimeouts: 0,
        payoutFailures: 0,
        debts: { members: 0, totalCents: 0 },
        cycles: { completed: 0, averageLengthMs: null },
      },
    });
    renderAt('/admin/fund-metrics', <AppRoutes />);
    const panel = await screen.findByTestId('reconciliation');
    const status = await within(panel).findByText('1 differenza tra il registro e il fornitore');
    expect(status.getAttribute('role')).toBe('status');
    expect(status.className).toContain('text-red-800');
    expect(text(panel)).toContain('Pagamenti con carta4');
    expect(text(panel)).toContain('Pagamenti PayPal1');
    expect(text(panel)).toContain('Erogazioni2');
    expect(text(panel)).toContain('Ancora in corso (al prossimo controllo)1');
    const [difference] = within(panel).getAllByTestId('reconciliation-difference');
    expect(text(difference!)).toContain('Pagamento (carta)');
    expect(text(difference!)).toContain('Registro50,00 €');
    expect(text(difference!)).toContain('Fornitore0,00 €');
    expect(text(difference!)).toContain('pi_123');
    expect(text(difference!)).toContain('contribution:c-1');
    fireEvent.click(within(panel).getByRole('button', { name: 'Riconcilia adesso' }));
    expect(await within(panel).findByText('Il registro e il fornitore concordano.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST' && c.url === '/api/admin/reconciliation')).toHaveLength(1);
    expect(within(panel).queryAllByTestId('reconciliation-difference')).toEqual([]);
  });
});
