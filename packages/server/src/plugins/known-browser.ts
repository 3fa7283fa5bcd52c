import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A browser that has signed in as a member before keeps a signed cookie saying so (OWASP's
 * "device cookie"). Its password checks are counted apart from everyone else's guesses at the
 * same account (use-cases/password-checks.ts): someone who knows a member's username can lock
 * strangers out of guessing, not the member out of their own phone.
 */
const cookieName = (secure: boolean) => (secure ? '__Host-giro.browser' : 'giro.browser');
const YEAR_S = 365 * 24 * 3600;

/** After a sign-in (password, passkey or a new registration): this browser is the member's. */
export function rememberBrowser(reply: FastifyReply, userId: string, secure: boolean): void {
  const browserId = randomBytes(12).toString('base64url');
  reply.setCookie(cookieName(secure), `${userId}.${browserId}`, {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: YEAR_S,
  });
}

/** The member this browser signed in as before, and its own id; null without a validly signed cookie. */
export function knownBrowserOf(
  request: FastifyRequest,
  secure: boolean,
): { userId: string; browserId: string } | null {
  const raw = request.cookies[cookieName(secure)];
  const signed = raw ? request.unsignCookie(raw) : undefined;
  const [userId, browserId] = signed?.valid ? (signed.value ?? '').split('.') : [];
  return userId && browserId ? { userId, browserId } : null;
}
