import { expect } from 'vitest';
import type { Config } from '../../src/config/env';
import { newPerson, register } from './client';
import { createTestApp, type TestApp } from './test-app';

/** A test app whose ADMIN_EMAILS names one person, that person registered and signed in. */
export async function appWithAdmin(overrides: Partial<Config> = {}) {
  const person = newPerson('admin');
  const t: TestApp = await createTestApp({ adminEmails: [person.email], ...overrides });
  const admin = await register(t.app, { person, organization: { name: 'Giro HQ', type: 'team' } });
  expect(admin.response.json().role).toBe('admin');
  return { t, admin };
}
