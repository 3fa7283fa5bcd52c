import type { Mailer, OutgoingMail } from '../../src/mail/mailer';

/** Stands in for the SMTP server: records what we send so tests can check it and follow links. */
export class RecordingMailer implements Mailer {
  readonly kind = 'smtp' as const;
  readonly sent: OutgoingMail[] = [];
  async send(mail: OutgoingMail): Promise<void> {
    this.sent.push(mail);
  }
  /** The last link sent to `to` whose path is `path`, as its token. */
  tokenFrom(to: string, path: string): string {
    for (const mail of [...this.sent].reverse()) {
      if (mail.to !== to) continue;
      const match = new RegExp(`${path}\\?token=([\\w-]+)`).exec(mail.text);
      if (match) return match[1]!;
    }
    throw new Error(`no ${path} link was sent to ${to}`);
  }

  /** As tokenFrom, waiting for a worker that may be sending it right now. */
  async waitForToken(to: string, path: string, ms = 5000): Promise<string> {
    const deadline = Date.now() + ms;
    for (;;) {
      try {
        return this.tokenFrom(to, path);
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
  }
}
