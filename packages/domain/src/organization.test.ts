import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  INVITE_CODE_ALPHABET,
  inviteCodeFromBytes,
  isWellFormedInviteCode,
  normalizeInviteCode,
} from './organization';

describe('organization: invite code of 8 characters without look-alikes', () => {
  it('the alphabet has no 0, O, 1, I or L', () => {
    for (const char of '0O1IL') expect(INVITE_CODE_ALPHABET).not.toContain(char);
  });

  it('property: codes from random bytes are well-formed', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 16, maxLength: 16 }), (bytes) => {
        const code = inviteCodeFromBytes(bytes);
        if (code !== null) expect(isWellFormedInviteCode(code)).toBe(true);
      }),
    );
  });

  it('skips biased bytes and returns null when too few remain', () => {
    expect(inviteCodeFromBytes(new Uint8Array([255, 255, 255]))).toBeNull();
  });

  it('is case-insensitive on input', () => {
    expect(normalizeInviteCode(' abcd-efgh ')).toBe('ABCDEFGH');
    expect(isWellFormedInviteCode(normalizeInviteCode('abcdefgh'))).toBe(true);
    expect(isWellFormedInviteCode('ABCDEFG0')).toBe(false);
  });
});
