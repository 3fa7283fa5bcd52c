import type { DebtView } from '@giro/contract/debts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json, renderAt } from '../../../test/render-page';
import { RepayModal } from './repay-modal';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const DEBT = '00000000-0000-4000-8000-0000000000d1';
const debt: DebtView = {
  id: DEBT,
  debtorId: 'u1',
  creditorId: 'u3',
  debtorName: 'Bruno Bianchi',
  creditorName: 'Anna Rossi',
  amountCents: 5500,
  reason: 'cover',
  status: 'open',
  createdAt: '2030-01-01T00:00:00.000Z',
  repaymentDeclaredAt: null,
  settledAt: null,
  creditorCanReceive: true,
};

describe('repaying a member through the platform', () => {
  it('by card, with the billing address saved from an earlier payment: nothing to type', async () => {
    const address = { line1: 'Via Roma 1', city: 'Milano', postalCode: '20100', country: 'IT' };
    const calls = fakeServer({
      'GET /api/config': { registration: 'open', testClock: false, payments: 'sandbox' },
      'GET /api/user/payment-preferences': { lastMethod: 'card', billingAddress: address },
      [`POST /api/debts/${DEBT}/settle`]: { ...debt, status: 'settling' },
    });
    renderAt('/', <RepayModal debt={debt} creditorName="Anna Rossi" open onOpenChange={() => {}} />);
    const dialog = await screen.findByTestId('repay-modal');
    await waitFor(() =>
      expect((within(dialog).getByLabelText('Città') as HTMLInputElement).value).toBe('Milano'),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: /^Paga 55,00/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      method: 'card',
      paymentMethodId: 'pm_card_visa',
      billingAddress: address,
    });
  });
});

describe('repaying a member through the platform, refused by the server', () => {
  it('says why in the dialog itself, which on a phone covers the toast', async () => {
    const refusal = {
      code: 'CREDITOR_CANNOT_RECEIVE',
      message: 'Questo membro non ha ancora collegato un conto per ricevere pagamenti.',
    };
    fakeServer({
      'GET /api/config': { registration: 'open', testClock: false, payments: 'sandbox' },
      [`POST /api/debts/${DEBT}/settle`]: () => json(409, refusal),
    });
    renderAt('/', <RepayModal debt={debt} creditorName="Anna Rossi" open onOpenChange={() => {}} />);
    const dialog = await screen.findByTestId('repay-modal');
    fireEvent.click(within(dialog).getByRole('radio', { name: /PayPal/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: /^Paga 55,00/ }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(refusal.message);
  });
});
