import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { fakeServer, json, ToastProbe } from '../../../test/render-page';
import { CreateOrganizationForm, JoinForm } from './organization-forms';

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

const renderJoin = (onDone: () => void) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <JoinForm hasOrganization={false} initialCode="ROSSI234" onDone={onDone} />
      <ToastProbe />
    </QueryClientProvider>,
  );

describe('join form', () => {
  it('joins with the code and then hands over, once', async () => {
    const calls = fakeServer({ 'POST /api/family/join': {} });
    const onDone = vi.fn();
    renderJoin(onDone);
    fireEvent.click(screen.getByRole('button', { name: 'Unisciti' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(calls.find((c) => c.url === '/api/family/join')?.body).toEqual({ inviteCode: 'ROSSI234' });
    expect((screen.getByLabelText('Codice invito') as HTMLInputElement).value).toBe('');
  });

  it('says why a join failed, keeps the code and does not hand over', async () => {
    fakeServer({
      'POST /api/family/join': json(404, { code: 'INVITE_NOT_FOUND', message: 'Codice invito non valido.' }),
    });
    const onDone = vi.fn();
    renderJoin(onDone);
    fireEvent.click(screen.getByRole('button', { name: 'Unisciti' }));
    await waitFor(() =>
      expect(screen.getByTestId('toast-probe').textContent).toBe(
        'Impossibile unirsi: Codice invito non valido.',
      ),
    );
    expect(onDone).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Codice invito') as HTMLInputElement).value).toBe('ROSSI234');
  });
});
