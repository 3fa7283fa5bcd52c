import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { fakeServer } from '../../../test/render-page';
import { CreateOrganizationForm } from './organization-forms';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderForm = (isInviteOnly: boolean) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CreateOrganizationForm isInviteOnly={isInviteOnly} />
    </QueryClientProvider>,
  );

describe('create organization form', () => {
  it('in invite-only mode asks for a tester invite and sends it', async () => {
    const calls = fakeServer({ 'POST /api/family': {} });
    renderForm(true);
    fireEvent.change(screen.getByLabelText("Nome dell'organizzazione"), { target: { value: 'Beta' } });
    const create = screen.getByRole('button', { name: 'Crea' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Codice invito tester'), { target: { value: ' tester22 ' } });
    expect(create.disabled).toBe(false);
    fireEvent.click(create);
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/family')?.body).toEqual({
        name: 'Beta',
        type: 'family',
        inviteCode: 'tester22',
      }),
    );
  });

  it('in open mode has no tester invite field and sends none', async () => {
    const calls = fakeServer({ 'POST /api/family': {} });
    renderForm(false);
    expect(screen.queryByLabelText('Codice invito tester')).toBeNull();
    fireEvent.change(screen.getByLabelText("Nome dell'organizzazione"), { target: { value: 'Beta' } });
    fireEvent.click(screen.getByRole('button', { name: 'Crea' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/family')?.body).toEqual({ name: 'Beta', type: 'family' }),
    );
  });
});
