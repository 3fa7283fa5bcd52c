import type { EmailTemplate } from '@giro/contract/admin-monitoring';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n';
import { fakeServer, json, renderAt } from '../../../test/render-page';
import { EmailTemplatesView } from './email-templates-view';
import { EmailTrackingView } from './email-tracking-view';

beforeEach(() => i18n.changeLanguage('it'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('email tracking', () => {
  it('shows each email with its masked recipient, status in words, attempts and error; filters', async () => {
    const calls = fakeServer({
      'GET /api/admin/email-tracking?limit=50': {
        items: [
          {
            id: 'm1',
            createdAt: '2026-11-23T10:00:00.000Z',
            template: 'verify_email',
            language: 'it',
            recipient: 'a***@example.com',
            subject: 'Conferma la tua email per Giro',
            status: 'failed',
            sentAt: null,
            attempts: 2,
            error: 'Error: 550 mailbox unavailable',
          },
        ],
        nextCursor: null,
      },
      'GET /api/admin/email-tracking?status=sent&limit=50': { items: [], nextCursor: null },
      'GET /api/admin/email-tracking?status=sent&template=reset_password&limit=50': {
        items: [],
        nextCursor: null,
      },
    });
    renderAt('/admin/email-tracking', <EmailTrackingView />);
    expect(await screen.findByText('a***@example.com')).toBeTruthy();
    expect(screen.getByText("Verifica dell'email · IT", { exact: false })).toBeTruthy();
    expect(screen.getAllByText('Non riuscita').length).toBeGreaterThan(0);
    expect(screen.getByText('Error: 550 mailbox unavailable')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Stato'), { target: { value: 'sent' } });
    expect(await screen.findByText('Ancora nessuna email.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Modello'), { target: { value: 'reset_password' } });
    await waitFor(() =>
      expect(calls.map((call) => call.url)).toContain(
        '/api/admin/email-tracking?status=sent&template=reset_password&limit=50',
      ),
    );
  });
});

const template = (overrides: Partial<EmailTemplate> = {}): EmailTemplate => ({
  key: 'verify_email',
  language: 'it',
  subject: 'Conferma la tua email per Giro',
  body: 'Ciao {{name}},\n{{link}}',
  placeholders: ['name', 'link'],
  isCustomized: false,
  updatedAt: null,
  ...overrides,
});

describe('email templates', () => {
  it('previews with sample data and saves the edit', async () => {
    const calls = fakeServer({
      'GET /api/admin/email-templates': {
        items: [template(), template({ language: 'en', subject: 'Confirm' })],
      },
      'POST /api/admin/email-templates/verify_email/it/preview': {
        subject: 'Benvenuta',
        text: 'Ciao Anna Bianchi',
      },
      'PUT /api/admin/email-templates/verify_email/it': template({
        subject: 'Benvenuta',
        isCustomized: true,
      }),
    });
    renderAt('/admin/email-templates', <EmailTemplatesView />);
    const subject = await screen.findByLabelText('Oggetto');
    expect(screen.getByText('Segnaposto che puoi usare: {{name}}, {{link}}')).toBeTruthy();
    fireEvent.change(subject, { target: { value: 'Benvenuta' } });
    fireEvent.click(screen.getByRole('button', { name: 'Anteprima' }));
    const preview = await screen.findByRole('region', { name: 'Anteprima con dati di esempio' });
    expect(within(preview).getByText('Ciao Anna Bianchi')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
        subject: 'Benvenuta',
        body: 'Ciao {{name}},\n{{link}}',
      }),
    );
  });

  it('shows a refusal next to the field, naming the unknown placeholder', async () => {
    fakeServer({
      'GET /api/admin/email-templates': { items: [template()] },
      'PUT /api/admin/email-templates/verify_email/it': json(422, {
        code: 'EMAIL_TEMPLATE_UNKNOWN_PLACEHOLDER',
        message: 'Il modello usa un segnaposto che non esiste per questa email.',
        details: { field: 'body', placeholder: 'nmae', allowed: ['name', 'link'] },
      }),
    });
    renderAt('/admin/email-templates', <EmailTemplatesView />);
    fireEvent.change(await screen.findByLabelText('Testo'), { target: { value: 'Ciao {{nmae}} {{link}}' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Il modello usa un segnaposto che non esiste per questa email. Segnaposto sconosciuto: {{nmae}}.',
    );
    expect(screen.getByLabelText('Testo').getAttribute('aria-invalid')).toBe('true');
  });
});
