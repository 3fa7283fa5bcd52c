import { notificationTypes } from '@giro/contract/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { outbox } from '../src/db/schema';
import { appWithAdmin } from './support/admin-app';
import { register } from './support/client';
import type { TestApp } from './support/test-app';

let t: TestApp;
afterEach(async () => t?.close());

async function setUp() {
  const setup = await appWithAdmin();
  t = setup.t;
  return setup.admin;
}

const url = '/api/admin/email-templates/verify_email/en';

describe('email templates', () => {
  it('lists every template per language with its placeholders, defaults first', async () => {
    const admin = await setUp();
    const { items } = (await admin.client.get('/api/admin/email-templates')).json();
    // Six emails (verification, reset, deletion, notification, weekly summary, security alert)
    // and every notification type's title and text, in two languages.
    expect(items).toHaveLength(2 * (6 + notificationTypes.length));
    const verify = items.find(
      (item: { key: string; language: string }) => item.key === 'verify_email' && item.language === 'it',
    );
    expect(verify).toMatchObject({ isCustomized: false, placeholders: ['name', 'link'], updatedAt: null });
    expect(verify.body).toContain('{{link}}');
    const notification = items.find(
      (item: { key: string; language: string }) => item.key === 'notification' && item.language === 'en',
    );
    expect(notification.placeholders).toEqual(['name', 'title', 'body', 'link', 'settings']);
  });

  it('an edited template is used by the next email; reset brings the default back', async () => {
    const admin = await setUp();
    const member = await register(t.app);
    const email = member.person.email;
    await t.flushOutbox();
    expect(t.mailer.sent.filter((mail) => mail.to === email).at(-1)?.subject).toBe(
      'Confirm your email for Giro',
    );

    const saved = await admin.client.put(url, {
      subject: 'Welcome {{name}}, one click left',
      body: 'Hi {{name}}!\nOpen {{link}} to confirm.',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ isCustomized: true, subject: 'Welcome {{name}}, one click left' });

    t.clock.fastForward(2);
    expect((await member.client.post('/api/verify-email/send')).statusCode).toBe(200);
    await t.flushOutbox();
    const edited = t.mailer.sent.filter((mail) => mail.to === email).at(-1)!;
    expect(edited.subject).toBe('Welcome Anna Bianchi, one click left');
    expect(edited.text).toMatch(
      /^Hi Anna Bianchi!\nOpen http:\/\/giro\.test\/verify-email\?token=[\w-]+ to confirm\.$/,
    );
    // The Italian template is untouched.
    expect((await admin.client.get('/api/admin/email-templates/verify_email/it')).json().isCustomized).toBe(
      false,
    );

    const reset = await admin.client.delete(url);
    expect(reset.json()).toMatchObject({ isCustomized: false, subject: 'Confirm your email for Giro' });
    t.clock.fastForward(2);
    await member.client.post('/api/verify-email/send');
    await t.flushOutbox();
    expect(t.mailer.sent.filter((mail) => mail.to === email).at(-1)?.subject).toBe(
      'Confirm your email for Giro',
    );
  });

  it('previews with sample data without saving', async () => {
    const admin = await setUp();
    const preview = await admin.client.post(`${url}/preview`, {
      subject: 'Hi {{name}}',
      body: 'Go: {{link}}',
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({
      subject: 'Hi Anna Bianchi',
      text: 'Go: http://giro.test/verify-email?token=sample-token',
    });
    expect((await admin.client.get(url)).json().isCustomized).toBe(false);
  });

  it('refuses an unknown placeholder, a broken one, a body without its link, with a clear message', async () => {
    const admin = await setUp();
    const unknown = await admin.client.put(url, { subject: 'Hi {{nmae}}', body: '{{link}}' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({
      code: 'EMAIL_TEMPLATE_UNKNOWN_PLACEHOLDER',
      message: 'The template uses a placeholder that does not exist for this email.',
      details: { field: 'subject', placeholder: 'nmae', allowed: ['name', 'link'] },
    });
    admin.client.language = 'it';
    const broken = await admin.client.put(url, { subject: 'Ciao', body: 'Apri {{link} ora' });
    expect(broken.statusCode).toBe(422);
    expect(broken.json()).toMatchObject({ code: 'EMAIL_TEMPLATE_INVALID', details: { field: 'body' } });
    expect(broken.json().message).toContain('segnaposto');
    const noLink = await admin.client.post(`${url}/preview`, { subject: 'Ciao', body: 'Nessun link' });
    expect(noLink.json().code).toBe('EMAIL_TEMPLATE_LINK_REQUIRED');
    expect((await admin.client.put(url, { subject: '', body: '{{link}}' })).statusCode).toBe(400);
    expect((await admin.client.get('/api/admin/email-templates/welcome/en')).statusCode).toBe(400);
    expect((await admin.client.get(url)).json().isCustomized).toBe(false);
  });
});

describe('GET /api/admin/email-tracking', () => {
  it('lists every email with template, language, masked recipient, status, attempts and error', async () => {
    const admin = await setUp();
    const member = await register(t.app);
    let page = (await admin.client.get('/api/admin/email-tracking')).json();
    expect(page.items[0]).toMatchObject({
      template: 'verify_email',
      language: 'en',
      recipient: `${member.person.email[0]}***@example.com`,
      status: 'queued',
      attempts: 0,
      error: null,
    });
    expect(JSON.stringify(page)).not.toContain(member.person.email);

    // The mailer fails once (quoting the address), then the retry sends it.
    const send = t.mailer.send.bind(t.mailer);
    t.mailer.send = async (mail) => {
      t.mailer.send = send;
      throw new Error(`550 mailbox unavailable: ${mail.to}`);
    };
    await t.flushOutbox();
    page = (await admin.client.get('/api/admin/email-tracking?status=failed')).json();
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ status: 'failed', attempts: 1 });
    expect(page.items[0].error).toMatch(/550 mailbox unavailable: \w\*\*\*@example\.com/);

    await t.database.db.update(outbox).set({ availableAt: new Date(0) });
    await t.flushOutbox();
    page = (await admin.client.get('/api/admin/email-tracking?limit=1')).json();
    expect(page.items[0]).toMatchObject({ status: 'sent', error: null });
    expect(page.items[0].attempts).toBeGreaterThanOrEqual(1);
    const next = (
      await admin.client.get(`/api/admin/email-tracking?limit=1&cursor=${page.nextCursor}`)
    ).json();
    expect(next.items[0].id).not.toBe(page.items[0].id);
    expect(next.nextCursor).toBeNull();
    expect((await admin.client.get('/api/admin/email-tracking?status=queued')).json().items).toEqual([]);
  });

  it('a notification text edited by an admin is what members read; its placeholders are checked', async () => {
    const admin = await setUp();
    const noticeUrl = '/api/admin/email-templates/notice_amount_vote_opened/it';
    const refused = await admin.client.put(noticeUrl, { subject: 'Votate', body: 'Apri {{link}}' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'EMAIL_TEMPLATE_UNKNOWN_PLACEHOLDER' });
    const saved = await admin.client.put(noticeUrl, {
      subject: 'Si parte: quanto mettiamo?',
      body: 'Un nuovo fondo: di’ la tua sull’importo mensile.',
    });
    expect(saved.statusCode).toBe(200);
    const preview = await admin.client.post(
      '/api/admin/email-templates/notice_contribution_due_2h/it/preview',
      {
        subject: 'Mancano 2 ore',
        body: '{{paid}}il fondo di {{recipient}} ti aspetta',
      },
    );
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().text).toContain('il fondo di Carla ti aspetta');

    // The admin's organization opens a fund: the vote's call uses the edited text.
    admin.client.language = 'it';
    expect((await admin.client.post('/api/rotating-fund')).statusCode).toBe(200);
    const panel = (await admin.client.get('/api/user-notifications')).json<{
      notifications: { type: string; title: string; body: string }[];
    }>();
    expect(panel.notifications.find((n) => n.type === 'amount_vote_opened')).toMatchObject({
      title: 'Si parte: quanto mettiamo?',
      body: 'Un nuovo fondo: di’ la tua sull’importo mensile.',
    });
    // English readers keep the default.
    admin.client.language = 'en';
    const english = (await admin.client.get('/api/user-notifications')).json<{
      notifications: { type: string; title: string }[];
    }>();
    expect(english.notifications.find((n) => n.type === 'amount_vote_opened')?.title).toBe(
      'Vote the monthly amount',
    );
  });
});
