import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n';
import { fillBillingAddress, ModalGoneAtStep2, paymentAnsweredLate } from '../../../test/payment-form';
import { fakeServer, json, renderAt } from '../../../test/render-page';
import { testRequest } from '../../../test/request-fixture';
import { ContributeModal } from './contribute-modal';

beforeEach(() => i18n.changeLanguage('it'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const request = testRequest();

describe('request contribute modal, after a payment whose modal was gone before its answer', () => {
  it('the next one starts from that payment: the card chosen, the address filled in', async () => {
    const payment = paymentAnsweredLate('POST /api/requests/r1/contributions');
    // The active request's "Contribuisci" with its modal: gone at step 2, as when a contribution
    // completes the request and the socket's news takes the active card away before the answer.
    renderAt(
      '/',
      <ModalGoneAtStep2
        modal={(key) => <ContributeModal key={key} request={request} open onOpenChange={() => {}} />}
      />,
    );
    let dialog = await screen.findByTestId('request-contribute');
    fireEvent.change(within(dialog).getByLabelText('Importo (€)'), { target: { value: '75' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: /Carta/ }));
    fillBillingAddress(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Contribuisci' }));
    await waitFor(() => expect(payment.recorded()).toMatchObject({ lastMethod: 'card' }));
    fireEvent.click(screen.getByText('next step'));
    await waitFor(() => expect(screen.queryByTestId('request-contribute')).toBeNull());
    payment.answer({ ...request, currentAmountCents: 10_000, contributors: [], timeline: [], payout: null });
    await waitFor(() =>
      expect(screen.getByTestId('toast-probe').textContent).toMatch(/Pagamento con carta inviato/),
    );

    fireEvent.click(screen.getByText('next step'));
    dialog = await screen.findByTestId('request-contribute');
    await waitFor(() =>
      expect((within(dialog).getByRole('radio', { name: /Carta/ }) as HTMLInputElement).checked).toBe(true),
    );
    expect((within(dialog).getByLabelText('Città') as HTMLInputElement).value).toBe('Milano');
  });
});

describe('request contribute modal, refused by the server', () => {
  it('says why in the dialog itself, which on a phone covers the toast', async () => {
    const refusal = { code: 'REQUEST_CLOSED', message: 'Questa richiesta non accetta più contributi.' };
    fakeServer({
      'GET /api/config': { registration: 'open', testClock: false, payments: 'sandbox' },
      'GET /api/user/payment-preferences': { lastMethod: 'paypal', billingAddress: null },
      'POST /api/requests/r1/contributions': () => json(409, refusal),
    });
    renderAt('/', <ContributeModal request={request} open onOpenChange={() => {}} />);
    const dialog = await screen.findByTestId('request-contribute');
    fireEvent.change(within(dialog).getByLabelText('Importo (€)'), { target: { value: '10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Contribuisci' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(refusal.message);
  });
});
