import { describe, expect, it } from 'vitest';
import { defaultDisplayName, passwordProblem } from './account';

describe('account: password rules of NIST SP 800-63B style', () => {
  const identity = { username: 'mario.rossi', email: 'mario@example.com' };
  it.each([
    ['short', 'PASSWORD_TOO_SHORT'],
    ['x'.repeat(129), 'PASSWORD_TOO_LONG'],
    ['Mario.Rossi', 'PASSWORD_MATCHES_IDENTITY'],
    ['mario@example.com', 'PASSWORD_MATCHES_IDENTITY'],
    ['Password123', 'PASSWORD_TOO_COMMON'],
    ['1234567890', 'PASSWORD_TOO_COMMON'],
    ['correct horse battery', null],
    ['tuttominuscolo', null],
  ])('%s → %s', (password, expected) => {
    expect(passwordProblem(password, identity)).toBe(expected);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(passwordProblem('😀'.repeat(10), {})).toBeNull();
  });
});

describe('account: display name defaults to first + last name', () => {
  it('joins and trims', () => expect(defaultDisplayName(' Anna ', 'Bianchi')).toBe('Anna Bianchi'));
});
