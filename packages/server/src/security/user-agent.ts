import Bowser from 'bowser';

/**
 * How a member recognises a browser in their sessions list and in a "new sign-in" email:
 * "Chrome on Android", "Safari on iOS". Read from the User-Agent with bowser (ADR 0025); an
 * absent or unknown one is named by what is known, or not at all.
 */
export function browserLabel(userAgent: string | undefined | null): string {
  if (!userAgent) return '';
  const parsed = Bowser.parse(userAgent.slice(0, 512));
  const browser = parsed.browser.name ?? '';
  const system = parsed.os.name ?? '';
  if (browser && system) return `${browser} · ${system}`;
  return browser || system;
}
