import type { EmailPreview, EmailTemplateBody, EmailTemplateKey } from '@giro/contract/admin-monitoring';
import type { Deps } from '../deps';
import { placeholdersOf } from '../mail/editable-texts';
import { checkTemplate } from '../mail/template-syntax';
import { fillPlaceholders } from '../mail/templates';

const samplePaths: Partial<Record<EmailTemplateKey, string>> = {
  verify_email: '/verify-email',
  reset_password: '/reset-password',
  delete_account: '/delete-account-confirm',
  notification: '/',
  weekly_summary: '/fund',
  security_event: '/account#security',
};

/**
 * The email (or notification: its title as the subject) as a recipient would see it, with
 * sample data; refused like a save when broken.
 */
export function previewEmailTemplate(
  deps: Deps,
  key: EmailTemplateKey,
  body: EmailTemplateBody,
): EmailPreview {
  checkTemplate(body, placeholdersOf(key));
  const vars = {
    name: 'Anna Bianchi',
    link:
      key === 'notification' || key === 'weekly_summary' || key === 'security_event'
        ? `${deps.config.publicUrl}${samplePaths[key]}`
        : `${deps.config.publicUrl}${samplePaths[key]}?token=sample-token`,
    // A notification's sample: the reminder families get most.
    title: '2 hours left to contribute',
    body: "Anna and Bruno have paid; Carla's pot waits for you — 2 h left.",
    settings: `${deps.config.publicUrl}/account#notifications`,
    event: 'Someone signed in to your account from a new browser: Chrome · Android.',
    when: '1 March 2026 at 18:00 CET',
    summary: "Round 3: Carla's pot.\nPaid: Anna and Bruno.\nYou: to pay by 1 Mar 2026, 18:00.",
    // A notification text's sample facts.
    member: 'Carla Verdi',
    recipient: 'Carla',
    until: '1 Mar 2026, 18:00',
    strikes: '2',
    paid: 'Anna and Bruno have paid; ',
    covered: 'Bruno',
    amount: '€50.00',
    coverOf: " (Bruno's contribution)",
    request: 'Carla Verdi\'s request "New boiler"',
    back: 'what you paid for the round is given back',
    next: ' Carla receives now.',
  };
  return { subject: fillPlaceholders(body.subject, vars), text: fillPlaceholders(body.body, vars) };
}
