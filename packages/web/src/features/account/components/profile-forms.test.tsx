import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { fakeServer, testUser } from '../../../test/render-page';
import { PaypalForm } from './profile-forms';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderForm = (paypalEmail: string | null = null) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PaypalForm user={testUser({ paypalEmail })} />
    </QueryClientProvider>,
  );
const puts = (calls: { method: string; url: string; body: unknown }[]) =>
  calls.filter((c) => c.method === 'PUT' && c.url === '/api/user/paypal').map((c) => c.body);

describe('PayPal email settings', () => {
  it('refuses an address that is not an email, tied to the field, and sends nothing', async () => {
    const calls = fakeServer({ 'PUT /api/user/paypal': { ok: true } });
    renderForm();
    const field = screen.getByLabelText('Email PayPal');
    fireEvent.change(field, { target: { value: 'anna@' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Inserisci un indirizzo email valido.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(puts(calls)).toEqual([]);
  });

  it('saves a valid email trimmed, and an empty one as null (manual payments only)', async () => {
    const calls = fakeServer({ 'PUT /api/user/paypal': { ok: true } });
    renderForm('old@paypal.example');
    const field = screen.getByLabelText('Email PayPal');
    fireEvent.change(field, { target: { value: ' anna@paypal.example ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(puts(calls)).toEqual([{ paypalEmail: 'anna@paypal.example' }]));
    fireEvent.change(field, { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect(puts(calls)[1]).toEqual({ paypalEmail: null });
  });
});
