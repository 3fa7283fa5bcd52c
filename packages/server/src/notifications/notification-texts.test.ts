import { notificationTypes } from '@giro/contract/notifications';
import { describe, expect, it } from 'vitest';
import { type NoticeOverrides, notificationLink, renderNotification } from './notification-texts';

describe('a notification links to the screen that acts on it (issue 13)', () => {
  it('the fund’s to /fund, a request’s to /requests, a payout account’s to its panel', () => {
    expect(notificationLink('your_turn')).toBe('/fund');
    expect(notificationLink('fallback_vote')).toBe('/fund');
    expect(notificationLink('request_activated')).toBe('/requests');
    // One naming its request (since stop 77): that request's page, to give to it.
    expect(notificationLink('request_activated', { requestId: 'r1' })).toBe('/requests/r1');
    expect(notificationLink('payout_account_required')).toBe('/account#payout-account');
    // A card payment to confirm: its banner is on every page, the home will do.
    expect(notificationLink('payment_confirmation_required')).toBe('/');
  });

  it('every link is a page the web app has', () => {
    const pages = ['/', '/fund', '/requests', '/account#payout-account'];
    for (const type of notificationTypes) expect(pages).toContain(notificationLink(type));
  });
});

describe('a contribution reminder says what the family sees (issue 14)', () => {
  const data = { recipientName: 'Carla', paidNames: ['Anna', 'Bruno'], until: '2026-03-01T18:00:00.000Z' };

  it('who has paid and whose pot waits, in the member’s language', () => {
    expect(renderNotification('contribution_due_2h', data, 'en')).toEqual({
      title: '2 hours left to contribute',
      body: "Anna and Bruno have paid; Carla's pot waits for you — 2 h left.",
    });
    expect(renderNotification('contribution_due_2h', data, 'it').body).toBe(
      'Anna e Bruno hanno pagato; il fondo di Carla ti aspetta — mancano 2 ore.',
    );
    expect(renderNotification('contribution_due_24h', { ...data, paidNames: [] }, 'it').body).toMatch(
      /^Il fondo di Carla ti aspetta\. La finestra si chiude l'1 mar 2026/,
    );
    expect(notificationLink('contribution_due_2h')).toBe('/');
  });

  it('says the closing time in the member’s time zone, named when it is not Rome’s', () => {
    const due = { ...data, paidNames: [], until: '2026-01-17T17:00:00.000Z' };
    expect(renderNotification('contribution_due_24h', due, 'en').body).toContain('17 Jan 2026, 18:00');
    expect(renderNotification('contribution_due_24h', due, 'en', undefined, 'Europe/Rome').body).toContain(
      '17 Jan 2026, 18:00.',
    );
    expect(
      renderNotification('contribution_due_24h', due, 'en', undefined, 'America/New_York').body,
    ).toContain('17 Jan 2026, 12:00 GMT-5');
    expect(renderNotification('contribution_due_24h', due, 'it', undefined, 'Asia/Tokyo').body).toContain(
      '18 gen 2026, 02:00 GMT+9',
    );
    // A zone the runtime does not know: Rome's time, as before.
    expect(renderNotification('contribution_due_24h', due, 'en', undefined, 'Mars/Olympus').body).toContain(
      '17 Jan 2026, 18:00',
    );
  });
});

describe('notification texts', () => {
  it('write their apostrophes one way, the plain one, as the app does', () => {
    const data = { recipientName: 'Carla', paidNames: ['Anna'], until: '2026-03-01T18:00:00.000Z' };
    const curly = notificationTypes.flatMap((type) =>
      (['it', 'en'] as const)
        .map((language) => renderNotification(type, data, language))
        .filter(({ title, body }) => `${title}${body}`.includes('’'))
        .map(() => type),
    );
    expect(curly).toEqual([]);
  });

  it('say "ad" before a name that begins with a, in Italian, and "a" before any other', () => {
    const body = (memberName: string, language: 'it' | 'en') =>
      renderNotification('debt_payment_failed', { memberName }, language).body;
    expect(body('Anna', 'it')).toContain('La tua restituzione ad Anna non è andata a buon fine');
    expect(body('alberto', 'it')).toContain('restituzione ad alberto non');
    expect(body('Bruno', 'it')).toContain('La tua restituzione a Bruno non è andata a buon fine');
    expect(body('Anna', 'en')).toContain('Your repayment to Anna did not go through');
    // Only before a name: "a buon fine" is left as it is.
    expect(body('Ettore', 'it')).toContain('a Ettore non è andata a buon fine');
  });

  it('elide the Italian article before a day said with a vowel, in the defaults and in an admin text', () => {
    const body = (until: string, language: 'it' | 'en', overrides?: NoticeOverrides) =>
      renderNotification('payout_account_required', { until }, language, overrides).body;
    expect(body('2026-12-08T10:00:00.000Z', 'it')).toMatch(/ entro l'8 dic 2026/);
    expect(body('2026-12-11T10:00:00.000Z', 'it')).toMatch(/ entro l'11 dic 2026/);
    expect(body('2026-12-21T10:00:00.000Z', 'it')).toMatch(/ entro il 21 dic 2026/);
    expect(body('2026-12-08T10:00:00.000Z', 'en')).toMatch(/ by 8 Dec 2026/);
    const extension = renderNotification(
      'extension_granted',
      { until: '2026-12-01T10:00:00.000Z' },
      'it',
    ).body;
    expect(extension).toMatch(/fino all'1 dic 2026/);
    const own = new Map([['payout_account_required/it', { title: 'Conto', body: 'Il {{until}} scade.' }]]);
    expect(body('2026-12-08T10:00:00.000Z', 'it', own)).toMatch(/^L'8 dic 2026.* scade.$/);
  });

  it('tell a turn passed: cash comes back by hand, and who receives now (or that it is the reader)', () => {
    const render = (type: 'turn_passed' | 'round_refunded', data: object) =>
      renderNotification(type, data, 'it').body;
    expect(render('turn_passed', { recipientName: 'Carla' })).toBe(
      'Non hai collegato in tempo un conto per ricevere: i contributi del turno vengono restituiti e il tuo turno passa in fondo alla rotazione. Ora riceve Carla.',
    );
    expect(render('turn_passed', { byHand: true })).toContain(
      'restituiti (quanto ti è stato dato a mano, restituiscilo tu) e il tuo turno',
    );
    expect(render('round_refunded', { memberName: 'Anna', recipientName: 'Carla' })).toBe(
      'Anna non ha collegato in tempo un conto per ricevere: quanto hai versato per il turno ti viene restituito. Ora riceve Carla.',
    );
    expect(render('round_refunded', { memberName: 'Anna', byHand: true, yours: true })).toBe(
      'Anna non ha collegato in tempo un conto per ricevere: chiedi ad Anna di restituirti a mano quanto hai dato. Ora il turno è tuo.',
    );
    expect(renderNotification('round_refunded', { memberName: 'Bruno', byHand: true }, 'en').body).toBe(
      'Bruno did not connect a payout account in time: ask Bruno to give back by hand what you gave.',
    );
  });

  it('say which request opened, and whose: "La tua" to its owner', () => {
    const body = (data: object, language: 'it' | 'en') =>
      renderNotification('request_activated', data, language).body;
    expect(body({ requestTitle: 'Caldaia', memberName: 'Anna' }, 'it')).toBe(
      'La richiesta «Caldaia» di Anna è aperta ai contributi.',
    );
    expect(body({ requestTitle: 'Caldaia', yours: true }, 'it')).toBe(
      'La tua richiesta «Caldaia» è aperta ai contributi.',
    );
    expect(body({ requestTitle: 'Boiler', memberName: 'Anna' }, 'en')).toBe(
      'Anna\'s request "Boiler" is now open for contributions.',
    );
    expect(body({ requestTitle: 'Boiler', yours: true }, 'en')).toBe(
      'Your request "Boiler" is now open for contributions.',
    );
    // One stored before stop 77 names none.
    expect(body({}, 'it')).toBe('Una richiesta di aiuto è aperta ai contributi.');
  });

  it('name who handed cash to confirm, how much, and whose contribution it was when it covers another', () => {
    const own = { memberName: 'Sara', amountCents: 5000, contributionId: 'c1' };
    const cover = { ...own, coveredName: 'Bruno' };
    const body = (data: object, language: 'it' | 'en') =>
      renderNotification('receipt_to_confirm', data, language).body.split('. ')[0];
    expect(body(own, 'it')).toBe('Sara dice di averti dato a mano 50,00\u00a0€ per questo turno');
    expect(body(cover, 'it')).toBe(
      'Sara dice di averti dato a mano 50,00\u00a0€ per questo turno (il contributo di Bruno)',
    );
    expect(body(own, 'en')).toBe('Sara says they gave you €50.00 by hand for this round');
    expect(body(cover, 'en')).toBe(
      "Sara says they gave you €50.00 by hand for this round (Bruno's contribution)",
    );
    // One stored before stop 77 names nobody: it still reads.
    expect(body({}, 'it')).toBe('Un membro dice di averti dato a mano il dovuto per questo turno');
  });
});
