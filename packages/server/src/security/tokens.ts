import { hash, randomBytes } from 'node:crypto';
import { inviteCodeFromBytes } from '@giro/domain/organization';

/** 32 random bytes, URL-safe: the secret half of an emailed link or a session id. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens and session ids are stored only as their SHA-256. */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

export function newInviteCode(): string {
  for (;;) {
    const code = inviteCodeFromBytes(randomBytes(16));
    if (code) return code;
  }
}
