import type { RequestDetails } from '@giro/contract/requests';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster';
import { fakeServer, renderAt } from '../../../test/render-page';
import { RequestDetailsView } from './request-details-view';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const request: RequestDetails = {
  id: 'r1',
  ownerId: 'u1',
  ownerName: 'Anna',
  title: 'Caldaia',
  description: 'Si è rotta',
  targetAmountCents: 2_000,
  currentAmountCents: 2_000,
  progress: 100,
  status: 'completed',
  queuePosition: null,
  contributorCount: 1,
  createdAt: '2026-01-01T10:00:00.000Z',
  activatedAt: '2026-01-01T10:00:00.000Z',
  expiresAt: '2026-01-31T10:00:00.000Z',
  endedAt: '2026-01-02T10:00:00.000Z',
  contributors: [
    {
      id: 'c1',
      contributorId: 'u2',
      contributorName: 'Bruno',
      amountCents: 2_000,
      message: 'Coraggio',
      at: '2026-01-02T10:00:00.000Z',
      refunded: false,
    },
  ],
  timeline: [],
  payout: { grossCents: 2_000, feeCents: 100, netCents: 1_900, status: 'failed' },
};
const show = (details: RequestDetails, userId: string) =>
  renderAt(
    '/requests/r1',
    <>
      <RequestDetailsView request={details} userId={userId} />
      <Toaster />
    </>,
  );

describe('request details', () => {
  it('a failed payout: the owner retries it; the message and amount are shown', async () => {
    const calls = fakeServer({
      'POST /api/requests/r1/retry-payout': { ...request, payout: { ...request.payout!, status: 'pending' } },
    });
    show(request, 'u1');
    // Said to her, of her money: not "for the one who created it".
    expect(screen.getByTestId('request-payout').textContent).toMatch(
      /^Erogazione non riuscita: il denaro \(19,00\s€\) ti aspetta/,
    );
    expect(screen.getByTestId('contributors').textContent).toContain('Coraggio');
    fireEvent.click(screen.getByRole('button', { name: "Riprova l'erogazione" }));
    expect(await screen.findByText('Erogazione richiesta di nuovo')).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/requests/r1/retry-payout')).toBe(true);
  });

  it('a payout every payment of which was declined after the end offers no retry that cannot work', () => {
    fakeServer({});
    const payout = { grossCents: 0, feeCents: 0, netCents: 0, status: 'failed' as const };
    show({ ...request, payout }, 'u1');
    expect(screen.getByTestId('request-payout').textContent).toContain('Niente da erogare');
    expect(screen.queryByRole('button', { name: "Riprova l'erogazione" })).toBeNull();
  });

  it('a queued request says its place once, not "In coda · Posizione 1 in coda"', () => {
    fakeServer({});
    const queued = { ...request, status: 'pending' as const, queuePosition: 1, payout: null, endedAt: null };
    show(queued, 'u2');
    expect(screen.getByTestId('request-status').textContent).toBe('Posizione 1 in coda');
    cleanup();
    show(request, 'u2');
    expect(screen.getByTestId('request-status').textContent).toBe('Completata');
  });

  it('cancel asks first, saying it is irreversible; only the owner has the actions', async () => {
    const active = {
      ...request,
      status: 'active' as const,
      payout: null,
      progress: 50,
      currentAmountCents: 1_000,
    };
    fakeServer({ 'POST /api/requests/r1/cancel': { ...active, status: 'cancelled' } });
    show(active, 'u1');
    fireEvent.click(screen.getByRole('button', { name: 'Annulla richiesta' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('irreversibile');
    // The way out keeps it, and says so: "Annulla" read as the action.
    expect(within(dialog).getByRole('button', { name: 'No, tienila' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Annulla' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sì, annullala' }));
    expect(await screen.findByText('Richiesta annullata')).toBeTruthy();
    cleanup();
    show(active, 'u2');
    expect(screen.queryByTestId('owner-actions')).toBeNull();
    expect(screen.getByRole('button', { name: 'Contribuisci' })).toBeTruthy();
  });

  it('concluding says what is paid out, and that nothing is when nothing was raised', async () => {
    const active = { ...request, status: 'active' as const, payout: null, currentAmountCents: 1_000 };
    const body = async (details: RequestDetails) => {
      show(details, 'u1');
      fireEvent.click(screen.getByRole('button', { name: 'Concludi richiesta' }));
      const text = (await screen.findByRole('dialog')).textContent?.replace(/\s/g, ' ');
      cleanup();
      return text;
    };
    expect(await body(active)).toContain('Quanto raccolto finora (10,00 €), meno la commissione');
    const empty = await body({ ...active, currentAmountCents: 0, progress: 0 });
    expect(empty).toContain('non riceverai alcun pagamento');
    expect(empty).not.toContain('ti viene versato');
  });
});
