import { expect } from '@playwright/test';
import type { CaughtMail } from './mail-catcher';

/** Waits for an email to `to` holding a link to `path`, and returns that link. */
export async function linkFromMail(to: string, path: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${process.env.E2E_MAIL_URL}/?to=${encodeURIComponent(to)}`);
        const messages = (await response.json()) as CaughtMail[];
        for (const message of messages.reverse()) {
          const match = message.text.match(new RegExp(`https?://\\S+${path}\\?token=[\\w-]+`));
          if (match) link = match[0];
        }
        return link;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return link!;
}
