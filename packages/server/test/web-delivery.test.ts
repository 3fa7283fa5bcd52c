import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

// A built web app as the build leaves it: each file with its .br and .gz beside it.
const root = mkdtempSync(join(tmpdir(), 'giro-web-'));
const script = `export const page = ${JSON.stringify('Giro '.repeat(800))};\n`;
function write(path: string, body: string, compressed = true) {
  writeFileSync(join(root, path), body);
  if (!compressed) return;
  writeFileSync(join(root, `${path}.br`), brotliCompressSync(body));
  writeFileSync(join(root, `${path}.gz`), gzipSync(body));
}
mkdirSync(join(root, 'assets'));
// The shell's one inline script (the page's chunks, asked for early): allowed by its hash.
const inline = 'document.head.dataset.page=location.pathname';
write(
  'index.html',
  `<!doctype html><html lang="it"><title>Giro</title><script>${inline}</script><div id="root"></div></html>`,
);
write('assets/index-B1x2y3z4.js', script);
write('sw.js', `self.version = 1;${' '.repeat(2000)}`);
write('manifest.webmanifest', '{"name":"Giro"}', false);
write('icon.svg', `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(200)}</svg>`);
write('robots.txt', 'User-agent: *\nAllow: /\n', false);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { webRoot: root });
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('web delivery: compressed', () => {
  it('sends a hashed asset as brotli to a browser that takes it, varying on Accept-Encoding', async () => {
    const response = await get('/assets/index-B1x2y3z4.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
    expect(response.rawPayload.length).toBeLessThan(script.length / 10);
  });

  it('sends gzip to a client that takes only gzip, and the plain file to one that takes neither', async () => {
    const gzip = await get('/assets/index-B1x2y3z4.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);
    const plain = await get('/assets/index-B1x2y3z4.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('compresses API answers above 1 KB and leaves small ones as they are', async () => {
    const large = await get('/api/openapi.json', { 'accept-encoding': 'br' });
    expect(large.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(large.rawPayload).toString()).openapi).toMatch(/^3\./);
    const small = await get('/api/session/check', { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ authenticated: false });
  });

  it('never compresses the CSRF token, a secret (BREACH)', async () => {
    const response = await get('/api/csrf-token', { 'accept-encoding': 'br, gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json().csrfToken).toEqual(expect.any(String));
  });
});

describe('web delivery: the script policy', () => {
  it('lets the shell’s own inline script run by its hash, and no other inline script', async () => {
    const csp = String((await get('/')).headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src'));
    const hash = createHash('sha256').update(inline).digest('base64');
    expect(scriptSrc?.trim()).toBe(`script-src 'self' 'sha256-${hash}'`);
    // Any answer carries the same policy: the API's too.
    expect(String((await get('/api/session/check')).headers['content-security-policy'])).toBe(csp);
  });
});

describe('web delivery: cached', () => {
  it('keeps the icons a day: the first load does not ask for the header’s icon three times', async () => {
    const response = await get('/icon.svg', { 'accept-encoding': 'br' });
    expect(response.statusCode).toBe(200);
    // As the build leaves it: the .br twin is what is sent, and it keeps the icon's policy.
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('marks hashed assets immutable for a year', async () => {
    const response = await get('/assets/index-B1x2y3z4.js');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('has the shell, the service worker and the manifest revalidated every time', async () => {
    for (const url of ['/', '/index.html', '/sw.js', '/manifest.webmanifest', '/account', '/requests/42']) {
      const response = await get(url, { 'accept-encoding': 'br' });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });
});

describe('web delivery: what is not there', () => {
  it('answers 404 for a missing asset or file, never the app shell', async () => {
    for (const url of [
      '/assets/index-Old12345.js',
      '/assets/anything',
      '/favicon.ico',
      '/deep/path/logo.png',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('<div id="root">');
    }
  });

  it('answers the app shell for a page the browser router knows', async () => {
    const response = await get('/invite/ABC123?x=1', { 'accept-encoding': 'identity' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root">');
  });

  it('serves robots.txt as plain text', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toBe(readFileSync(join(root, 'robots.txt'), 'utf8'));
  });
});
