import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n';
import { testFund } from '../../../test/fund-fixture';
import { fillBillingAddress, ModalGoneAtStep2, paymentAnsweredLate } from '../../../test/payment-form';
import { fakeServer, json, renderAt } from '../../../test/render-page';
import { ContributionModal } from './contribution-modal';

/**
 * The card provider's browser SDK is the outside world: a fake that stands in for its element
 * (an iframe in reality) and records what we ask of it.
 */
const created: unknown[] = [];
vi.mock('@stripe/stripe-js', () => ({ loadStripe: async () => ({}) }));
vi.mock('@stripe/react-stripe-js', () => {
  // Like the real hooks, the same instances on every render.
  const stripe = {
    createPaymentMethod: async (input: unknown) => {
      created.push(input);
      return { paymentMethod: { id: 'pm_from_the_element' } };
    },
  };
  const elements = { getElement: () => 'the-card-element' };
  return {
    Elements: ({ children }: { children: ReactNode }) => children,
    useElements: () => elements,
    useStripe: () => stripe,
    CardElement: ({ onChange }: { onChange: (event: { complete: boolean }) => void }) => (
      <button type="button" onClick={() => onChange({ complete: true })}>
        the provider's card element
      </button>
    ),
  };
});

beforeEach(() => i18n.changeLanguage('it'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  created.length = 0;
});

describe('contribution modal with live payments', () => {
  it("takes the card in the provider's element and sends only the PaymentMethod id it makes", async () => {
    const fund = testFund({ id: 'f1' });
    const calls = fakeServer({
      'GET /api/config': {
        registration: 'open',
        testClock: false,
        payments: 'live',
        cardElementsKey: 'pk_test_giro',
      },
      'POST /api/rotating-fund/f1/contributions': fund,
    });
    renderAt('/', <ContributionModal fundId="f1" amountCents={5000} open onOpenChange={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('radio', { name: /Carta/ }));
    const element = await within(dialog).findByRole('button', { name: "the provider's card element" });
    expect(within(dialog).queryByLabelText('Id della carta di prova')).toBeNull();
    expect(within(dialog).getByText(/Giro non li vede mai/)).toBeTruthy();
    fillBillingAddress(dialog);

    // Not yet complete in the element: refused before anything is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: /^Versa 50,00/ }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Indirizzo di fatturazione incompleto',
    );
    expect(created).toEqual([]);

    fireEvent.click(element);
    fireEvent.click(within(dialog).getByRole('button', { name: /^Versa 50,00/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(created).toEqual([
      {
        type: 'card',
        card: 'the-card-element',
        billing_details: {
          address: { line1: 'Via Roma 1', city: 'Milano', postal_code: '20100', country: 'IT' },
        },
      },
    ]);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      method: 'card',
      paymentMethodId: 'pm_from_the_element',
      billingAddress: { line1: 'Via Roma 1', city: 'Milano', postalCode: '20100', country: 'IT' },
    });
  });
});

describe('contribution modal, refused by the server', () => {
  it('says why in the dialog itself, which on a phone covers the toast; closed and opened again, it is gone', async () => {
    const refusal = { code: 'CONTRIBUTION_WINDOW_CLOSED', message: 'La finestra dei contributi è chiusa' };
    fakeServer({
      'GET /api/config': { registration: 'open', testClock: false, payments: 'sandbox' },
      'GET /api/user/payment-preferences': { lastMethod: 'manual', billingAddress: null },
      'POST /api/rotating-fund/f1/contributions': () => json(409, refusal),
    });
    const changes: boolean[] = [];
    renderAt(
      '/',
      <ContributionModal fundId="f1" amountCents={5000} open onOpenChange={(open) => changes.push(open)} />,
    );
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /^Ho versato 50,00/ }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'La finestra dei contributi è chiusa',
    );
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(changes).toEqual([false]);
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });
});

describe('contribution modal, the second time', () => {
  it('preselects the last method and fills in the saved billing address: nothing to type', async () => {
    const fund = testFund({ id: 'f1' });
    const address = { line1: 'Via Roma 1', city: 'Milano', postalCode: '20100', country: 'IT' };
    const calls = fakeServer({
      'GET /api/config': { registration: 'open', testClock: false, payments: 'sandbox' },
      'GET /api/user/payment-preferences': { lastMethod: 'card', billingAddress: address },
      'POST /api/rotating-fund/f1/contributions': fund,
    });
    renderAt('/', <ContributionModal fundId="f1" amountCents={5000} open onOpenChange={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() =>
      expect((within(dialog).getByRole('radio', { name: /Carta/ }) as HTMLInputElement).checked).toBe(true),
    );
    expect((within(dialog).getByLabelText('Città') as HTMLInputElement).value).toBe('Milano');
    fireEvent.click(within(dialog).getByRole('button', { name: /^Versa 50,00/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      method: 'card',
      paymentMethodId: 'pm_card_visa',
      billingAddress: address,
    });
  });

  it('a first payment starts from nothing saved: the default method, an empty address', async () => {
    fakeServer({
      'GET /api/config': { registration: 'open', testClock: false, payments: 'sandbox' },
      'GET /api/user/payment-preferences': { lastMethod: null, billingAddress: null },
    });
    renderAt('/', <ContributionModal fundId="f1" amountCents={5000} open onOpenChange={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByRole('radio', { name: /Manuale/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('radio', { name: /Carta/ }));
    expect((within(dialog).getByLabelText('Città') as HTMLInputElement).value).toBe('');
  });
});

describe('contribution modal, after a payment whose modal was gone before its answer', () => {
  it('the next one starts from that payment: the socket can take the button (and its modal) away first', async () => {
    const fund = testFund({ id: 'f1' });
    const payment = paymentAnsweredLate('POST /api/rotating-fund/f1/contributions');
    // The fund's "Versa" with its modal: gone while the fund says the member has paid (step 2).
    renderAt(
      '/',
      <ModalGoneAtStep2
        modal={(key) => (
          <ContributionModal key={key} fundId="f1" amountCents={5000} open onOpenChange={() => {}} />
        )}
      />,
    );
    let dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('radio', { name: /Carta/ }));
    fillBillingAddress(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: /^Versa 50,00/ }));
    await waitFor(() => expect(payment.recorded()).toMatchObject({ lastMethod: 'card' }));
    fireEvent.click(screen.getByText('next step'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    payment.answer(fund);
    await waitFor(() =>
      expect(screen.getByTestId('toast-probe').textContent).toMatch(/Pagamento con carta inviato/),
    );

    fireEvent.click(screen.getByText('next step'));
    dialog = await screen.findByRole('dialog');
    await waitFor(() =>
      expect((within(dialog).getByRole('radio', { name: /Carta/ }) as HTMLInputElement).checked).toBe(true),
    );
    expect((within(dialog).getByLabelText('Città') as HTMLInputElement).value).toBe('Milano');
  });
});
