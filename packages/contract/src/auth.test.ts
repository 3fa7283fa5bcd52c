import { describe, expect, it } from 'vitest';
import { loginBodySchema, registerBodySchema } from './auth';

const valid = {
  username: ' Mario.Rossi ',
  email: 'Mario@Example.COM',
  password: 'correct horse battery',
  firstName: 'Mario',
  lastName: 'Rossi',
  acceptTerms: true,
  captcha: 'x',
  organization: { name: 'Famiglia Rossi', type: 'family' },
};

describe('registration body', () => {
  it('normalizes username and email to lower case', () => {
    const parsed = registerBodySchema.parse(valid);
    expect(parsed.username).toBe('mario.rossi');
    expect(parsed.email).toBe('mario@example.com');
  });

  it('refuses unknown fields, bad usernames and unknown organization types', () => {
    expect(registerBodySchema.safeParse({ ...valid, role: 'admin' }).success).toBe(false);
    expect(registerBodySchema.safeParse({ ...valid, username: 'ab' }).success).toBe(false);
    expect(registerBodySchema.safeParse({ ...valid, username: 'mario rossi' }).success).toBe(false);
    expect(
      registerBodySchema.safeParse({ ...valid, organization: { name: 'X', type: 'family' } }).success,
    ).toBe(false);
    expect(
      registerBodySchema.safeParse({ ...valid, organization: { name: 'Ok', type: 'sect' } }).success,
    ).toBe(false);
  });

  it('sign-in takes a username or email and a password', () => {
    expect(loginBodySchema.safeParse({ username: 'a@b.c', password: 'p' }).success).toBe(true);
    expect(loginBodySchema.safeParse({ username: '', password: 'p' }).success).toBe(false);
  });
});
