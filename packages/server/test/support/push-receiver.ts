import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
// The reference implementation of RFC 8188/8291 (web-push encrypts with it): the browser's side.
import ece from 'http_ece';

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  /** The payload, decrypted with the browser's keys: what the service worker would get. */
  payload: unknown;
}

/**
 * A local stand-in for a browser push service and the browser behind it (issue 14): it holds a
 * browser's keys (to give as the subscription's), records every push it receives, decrypts it
 * as the browser would, and answers `status` (201 by default, as push services do).
 */
export async function startPushReceiver() {
  const browser = createECDH('prime256v1');
  browser.generateKeys();
  const authSecret = randomBytes(16);
  const received: ReceivedPush[] = [];
  let status = 201;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      let payload: unknown = null;
      try {
        payload = JSON.parse(
          ece.decrypt(body, { version: 'aes128gcm', privateKey: browser, authSecret }).toString('utf8'),
        );
      } catch {
        payload = { undecryptable: body.length };
      }
      received.push({ path: request.url ?? '', headers: request.headers, payload });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    answer(next: number) {
      status = next;
    },
    /** What the browser's PushSubscription.toJSON() would give for `path` on this service. */
    subscription(path = '/push/browser-1') {
      return {
        endpoint: `${origin}${path}`,
        expirationTime: null,
        keys: { p256dh: browser.getPublicKey('base64url'), auth: authSecret.toString('base64url') },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
