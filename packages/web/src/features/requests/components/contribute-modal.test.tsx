import type { RequestSummary } from '@giro/contract/requests';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n';
import { fakeServer, renderAt, ToastProbe } from '../../../test/render-page';
import { ContributeModal } from './contribute-modal';

beforeEach(() => i18n.changeLanguage('it'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const request: RequestSummary = {
  id: 'r1',
  ownerId: 'u2',
  ownerName: 'Bruno',
  title: 'Tetto nuovo',
  description: '',
  targetAmountCents: 10_000,
  currentAmountCents: 2_500,
  progress: 25,
  status: 'active',
  queuePosition: null,
  contributorCount: 1,
  createdAt: '2026-01-01T10:00:00.000Z',
  activatedAt: '2026-01-01T10:00:00.000Z',
  expiresAt: '2026-01-31T10:00:00.000Z',
  endedAt: null,
};

/**
 * The active request's "Contribuisci" with its modal: gone at step 2, as when a contribution
 * completes the request and the socket's news takes the active card away before the answer.
 */
function Steps() {
  const [step, setStep] = useState(1);
  return (
    <>
      <ToastProbe />
      <button type="button" onClick={() => setStep((s) => s + 1)}>
        next step
      </button>
      {step !== 2 && <ContributeModal key={step} request={request} open onOpenChange={() => {}} />}
    </>
  );
}

describe('request contribute modal, after a payment whose modal was gone before its answer', () => {
  it('the next one starts from that payment: the card chosen, the address filled in', async () => {
    const address = { line1: 'Via Roma 1', city: 'Milano', postalCode: '20100', country: 'IT' };
    let answer: (details: unknown) => void = () => {};
    let saved: unknown = { lastMethod: null, billingAddress: null };
    fakeServer({
      'GET /api/config': { registration: 'open', testClock: false, payments: 'sandbox' },
      'GET /api/user/payment-preferences': () => saved,
      'POST /api/requests/r1/contributions': () => {
        saved = { lastMethod: 'card', billingAddress: address };
        return new Promise((resolve) => {
          answer = resolve;
        });
      },
    });
    renderAt('/', <Steps />);
    let dialog = await screen.findByTestId('request-contribute');
    fireEvent.change(within(dialog).getByLabelText('Importo (€)'), { target: { value: '75' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: /Carta/ }));
    fireEvent.change(within(dialog).getByLabelText('Indirizzo', { exact: true }), {
      target: { value: address.line1 },
    });
    fireEvent.change(within(dialog).getByLabelText('Città'), { target: { value: address.city } });
    fireEvent.change(within(dialog).getByLabelText('CAP'), { target: { value: address.postalCode } });
    fireEvent.change(within(dialog).getByLabelText('Paese'), { target: { value: address.country } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Contribuisci' }));
    await waitFor(() => expect(saved).toMatchObject({ lastMethod: 'card' }));
    fireEvent.click(screen.getByText('next step'));
    await waitFor(() => expect(screen.queryByTestId('request-contribute')).toBeNull());
    answer({ ...request, currentAmountCents: 10_000, contributors: [], timeline: [], payout: null });
    await waitFor(() => expect(screen.getByTestId('toast-probe').textContent).toMatch(/Contributo/));

    fireEvent.click(screen.getByText('next step'));
    dialog = await screen.findByTestId('request-contribute');
    await waitFor(() =>
      expect((within(dialog).getByRole('radio', { name: /Carta/ }) as HTMLInputElement).checked).toBe(true),
    );
    expect((within(dialog).getByLabelText('Città') as HTMLInputElement).value).toBe('Milano');
  });
});
