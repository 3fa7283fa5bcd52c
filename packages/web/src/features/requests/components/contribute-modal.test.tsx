import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n';
import { fillBillingAddress, milanAddress } from '../../../test/payment-form';
import { fakeServer, renderAt, ToastProbe } from '../../../test/render-page';
import { testRequest } from '../../../test/request-fixture';
import { ContributeModal } from './contribute-modal';

beforeEach(() => i18n.changeLanguage('it'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const request = testRequest();

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
    const address = milanAddress;
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
    fillBillingAddress(dialog, address);
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
