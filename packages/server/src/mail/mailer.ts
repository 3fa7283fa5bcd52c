import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'development';
  send(mail: OutgoingMail): Promise<void>;
}

/**
 * Real SMTP when SMTP_URL is set; otherwise the development mailbox: the message is kept in
 * the database (mail_messages) and its links are printed, so a person can follow them locally.
 */
export function createMailer(options: { smtpUrl: string | undefined; from: string; logger: Logger }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: 'smtp',
      async send(mail) {
        await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text });
      },
    };
  }
  return {
    kind: 'development',
    async send(mail) {
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      options.logger.info({ to: mail.to, subject: mail.subject, links }, 'development mailbox: email stored');
    },
  };
}
