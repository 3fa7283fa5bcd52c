import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { LoginForm } from './login-form';

afterEach(cleanup);

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
});
