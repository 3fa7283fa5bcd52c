/** Organizations (domain.md, Organizations and membership). */
export const organizationTypes = [
  'family',
  'group',
  'organization',
  'community',
  'circle',
  'club',
  'team',
] as const;
export type OrganizationType = (typeof organizationTypes)[number];

export const ORGANIZATION_NAME_MIN = 2;
export const ORGANIZATION_NAME_MAX = 80;

/** 8 characters without look-alikes: no 0/O, no 1/I/L. */
export const INVITE_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const INVITE_CODE_LENGTH = 8;

/**
 * Builds an invite code from random bytes supplied by the caller (the domain owns no randomness).
 * Rejection sampling keeps every character equally likely: bytes ≥ the largest multiple of the
 * alphabet size are skipped, so the caller passes more bytes than needed. Returns null when the
 * bytes run out, and the caller draws again.
 */
export function inviteCodeFromBytes(bytes: Uint8Array): string | null {
  const size = INVITE_CODE_ALPHABET.length;
  const limit = 256 - (256 % size);
  let code = '';
  for (const byte of bytes) {
    if (byte >= limit) continue;
    code += INVITE_CODE_ALPHABET[byte % size];
    if (code.length === INVITE_CODE_LENGTH) return code;
  }
  return null;
}

/** Invite codes are case-insensitive on input; stored upper-case. Spaces and dashes are ignored. */
export function normalizeInviteCode(input: string): string {
  return input.replace(/[\s-]/g, '').toUpperCase();
}

export function isWellFormedInviteCode(code: string): boolean {
  if (code.length !== INVITE_CODE_LENGTH) return false;
  for (const char of code) if (!INVITE_CODE_ALPHABET.includes(char)) return false;
  return true;
}
