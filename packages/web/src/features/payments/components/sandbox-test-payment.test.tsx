import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast } from '../../../components/ui/toast-store';
import { Toaster } from '../../../components/ui/toaster';
import { fakeServer, json, renderAt } from '../../../test/render-page';
import { SandboxTestPayment } from './sandbox-test-payment';

beforeEach(() => dismissToast());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The fake server, also recording each test payment's Idempotency-Key. */
function server(answer: () => unknown) {
  fakeServer({ 'POST /api/payments/sandbox-test': answer });
  const fake = globalThis.fetch;
  const keys: string[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
    if (url === '/api/payments/sandbox-test')
      keys.push((init.headers as Record<string, string>)['Idempotency-Key'] ?? '');
    return fake(url, init);
  });
  return keys;
}

const show = (hasPaypalEmail = true) =>
  renderAt(
    '/account',
    <>
      <SandboxTestPayment hasPaypalEmail={hasPaypalEmail} />
      <Toaster />
    </>,
  );
const payButton = () => screen.getByRole('button', { name: /^Fai un pagamento di prova di 10,00\s€$/ });

describe('the €10 sandbox test payment', () => {
  it('pays with a fresh Idempotency-Key on every click and says so with the reference', async () => {
    const keys = server(() => ({ ok: true, reference: 'PAY-123', amountCents: 1000 }));
    show();
    fireEvent.click(payButton());
    expect(await screen.findByText(/^Pagamento di prova di 10,00\s€ riuscito$/)).toBeTruthy();
    expect(screen.getByText('Riferimento PAY-123')).toBeTruthy();
    await waitFor(() => expect((payButton() as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(payButton());
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('keeps the key across the automatic retry of a failed attempt', async () => {
    let attempts = 0;
    const keys = server(() =>
      ++attempts === 1
        ? json(503, { code: 'UNAVAILABLE' })
        : { ok: true, reference: 'PAY-9', amountCents: 1000 },
    );
    show();
    fireEvent.click(payButton());
    expect(
      await screen.findByText(/^Pagamento di prova di 10,00\s€ riuscito$/, {}, { timeout: 4000 }),
    ).toBeTruthy();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('without a PayPal email: the card says to add one, and the server refusal is shown', async () => {
    server(() =>
      json(422, {
        code: 'PAYPAL_EMAIL_REQUIRED',
        message: 'Aggiungi prima la tua email PayPal nelle impostazioni.',
      }),
    );
    show(false);
    expect(screen.getByText('Prima aggiungi la tua email PayPal qui sopra.')).toBeTruthy();
    fireEvent.click(payButton());
    expect(await screen.findByText('Pagamento di prova non riuscito')).toBeTruthy();
    expect(screen.getByText('Aggiungi prima la tua email PayPal nelle impostazioni.')).toBeTruthy();
  });
});
