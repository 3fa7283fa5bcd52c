import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster';
import { createQueryClient } from '../../../lib/query-client';
import { fakeServer, json } from '../../../test/render-page';
import { LoginForm } from './login-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('login form', () => {
  it('shows translated field errors linked to their inputs, without calling the server', async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <LoginForm onDone={() => {}} />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Accedi' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual(['Campo obbligatorio.', 'Campo obbligatorio.']);
    const input = screen.getByLabelText('Nome utente o email');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(alerts[0]!.id);
  });

  it('too many attempts is said at once, asked once: a retry would spend another attempt', async () => {
    const calls = fakeServer({
      'POST /api/login': json(429, { code: 'RATE_LIMITED', message: 'Troppi tentativi. Attendi e riprova.' }),
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <LoginForm onDone={() => {}} />
        <Toaster />
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByLabelText('Nome utente o email'), { target: { value: 'anna' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'a wrong guess' } });
    fireEvent.click(screen.getByRole('button', { name: 'Accedi' }));
    expect(
      await screen.findByText('Troppi tentativi. Attendi e riprova.', {}, { timeout: 900 }),
    ).toBeTruthy();
    expect(calls.filter((c) => c.url === '/api/login')).toHaveLength(1);
  });
});
