import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, TestClient } from './support/client';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('platform', () => {
  it('serves an OpenAPI document generated from the contract', async () => {
    const doc = (await new TestClient(t.app).get('/api/openapi.json')).json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/register',
      '/api/login',
      '/api/family/join',
      '/api/dashboard',
      '/api/csrf-token',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    expect(doc.paths['/api/register'].post.requestBody).toBeDefined();
  });

  it('sends a strict Content-Security-Policy and security headers', async () => {
    const response = await new TestClient(t.app).get('/api/session/check');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('the session cookie is HttpOnly and SameSite=Lax, and only set on sign-in', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/session/check' });
    expect(anonymous.headers['set-cookie']).toBeUndefined();
    const { response } = await register(t.app);
    const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    const session = cookies.find((cookie) => cookie.startsWith('giro.sid='));
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
  });
});
