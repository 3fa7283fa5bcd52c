import type { Language } from '@giro/contract/errors';

/** Default email texts per language. `{{name}}` and `{{link}}` are filled in at render time. */
export const mailTemplates = {
  verify_email: {
    en: {
      subject: 'Confirm your email for Giro',
      text: 'Hello {{name}},\n\nconfirm your email address by opening this link (valid for 24 hours):\n{{link}}\n\nIf you did not sign up for Giro, ignore this message.',
    },
    it: {
      subject: 'Conferma la tua email per Giro',
      text: 'Ciao {{name}},\n\nconferma il tuo indirizzo email aprendo questo link (valido 24 ore):\n{{link}}\n\nSe non hai creato tu un account su Giro, ignora questo messaggio.',
    },
  },
  reset_password: {
    en: {
      subject: 'Reset your Giro password',
      text: 'Hello {{name}},\n\nto choose a new password open this link (valid for 1 hour):\n{{link}}\n\nIf you did not ask for it, ignore this message: your password stays as it is.',
    },
    it: {
      subject: 'Reimposta la password di Giro',
      text: "Ciao {{name}},\n\nper scegliere una nuova password apri questo link (valido 1 ora):\n{{link}}\n\nSe non l'hai chiesto tu, ignora questo messaggio: la password resta invariata.",
    },
  },
  delete_account: {
    en: {
      subject: 'Confirm the deletion of your Giro account',
      text: 'Hello {{name}},\n\nto delete your account open this link (valid for 1 hour):\n{{link}}\n\nYour personal data will be erased; money records stay, anonymised. If you did not ask for it, change your password.',
    },
    it: {
      subject: "Conferma l'eliminazione del tuo account Giro",
      text: "Ciao {{name}},\n\nper eliminare il tuo account apri questo link (valido 1 ora):\n{{link}}\n\nI tuoi dati personali saranno cancellati; i movimenti di denaro restano, in forma anonima. Se non l'hai chiesto tu, cambia la password.",
    },
  },
  // A notification by email (issue 14): its title and text as in the app, and the page that acts.
  notification: {
    en: {
      subject: '{{title}}',
      text: 'Hello {{name}},\n\n{{body}}\n\nOpen Giro: {{link}}\n\nYou can choose which notifications reach you by email in your account: {{settings}}',
    },
    it: {
      subject: '{{title}}',
      text: 'Ciao {{name}},\n\n{{body}}\n\nApri Giro: {{link}}\n\nPuoi scegliere quali notifiche ricevere per email nel tuo account: {{settings}}',
    },
  },
  // The optional weekly summary (issue 14): what was paid, what is due, whose turn is next.
  weekly_summary: {
    en: {
      subject: 'Giro: your week',
      text: 'Hello {{name}},\n\nhere is your fund this week:\n\n{{summary}}\n\nOpen Giro: {{link}}\n\nYou can turn this summary off in your account: {{settings}}',
    },
    it: {
      subject: 'Giro: la tua settimana',
      text: 'Ciao {{name}},\n\necco il tuo fondo questa settimana:\n\n{{summary}}\n\nApri Giro: {{link}}\n\nPuoi disattivare questo riepilogo nel tuo account: {{settings}}',
    },
  },
  // Something happened to the account that its owner should know of (issue 18): a sign-in from
  // a new browser, a passkey added or removed, the password changed.
  security_event: {
    en: {
      subject: 'Giro: {{title}}',
      text: 'Hello {{name}},\n\n{{event}}\nWhen: {{when}}\n\nIf it was you, there is nothing to do. If not, change your password, and in your account end the sessions and remove the passkeys you do not recognise: {{link}}',
    },
    it: {
      subject: 'Giro: {{title}}',
      text: 'Ciao {{name}},\n\n{{event}}\nQuando: {{when}}\n\nSe eri tu, non devi fare nulla. Altrimenti cambia la password e, nel tuo account, chiudi le sessioni e rimuovi le passkey che non riconosci: {{link}}',
    },
  },
} as const satisfies Record<string, Record<Language, { subject: string; text: string }>>;

export type MailTemplate = keyof typeof mailTemplates;

/** The placeholders each template is given; an admin-edited text may use these and no others. */
export const mailPlaceholders: Record<MailTemplate, readonly string[]> = {
  verify_email: ['name', 'link'],
  reset_password: ['name', 'link'],
  delete_account: ['name', 'link'],
  notification: ['name', 'title', 'body', 'link', 'settings'],
  weekly_summary: ['name', 'summary', 'link', 'settings'],
  security_event: ['name', 'title', 'event', 'when', 'link'],
};

/** Fills `{{name}}`-style placeholders; one the caller did not give becomes empty. */
export function fillPlaceholders(text: string, vars: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => vars[key] ?? '');
}

/** A default text, filled (stored texts: mail/stored-templates.ts). */
export function renderMail(template: MailTemplate, language: Language, vars: Record<string, string>) {
  const { subject, text } = mailTemplates[template][language];
  return { subject: fillPlaceholders(subject, vars), text: fillPlaceholders(text, vars) };
}
