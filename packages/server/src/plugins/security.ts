import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** The card provider's own elements (live payments only): its script, its frames, its API. */
const STRIPE_JS = 'https://js.stripe.com';
const STRIPE_FRAMES = ['https://js.stripe.com', 'https://hooks.stripe.com'];
const STRIPE_API = 'https://api.stripe.com';

/**
 * The headers helmet would set, computed once: they are the same for every answer, and building
 * them per request (what @fastify/helmet does) cost as much as the rest of a trivial route.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Security headers with a strict Content-Security-Policy (no inline script but the web app's
 * own, each by its hash: `inlineScripts`), and the rate limiter that individual routes opt into
 * (`config.rateLimit`), counting in `rateLimitStore` (the database, shared by every instance).
 * With live payments the policy also lets in the card provider's elements, where card details
 * are typed (never into ours).
 */
export const securityPlugin = fp(
  async (
    app: FastifyInstance,
    options: {
      secure: boolean;
      cardElements: boolean;
      inlineScripts?: string[];
      rateLimitStore?: FastifyRateLimitStoreCtor;
    },
  ) => {
    const stripe = options.cardElements;
    const headers = securityHeaders({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...(options.inlineScripts ?? []), ...(stripe ? [STRIPE_JS] : [])],
          frameSrc: ["'self'", ...(stripe ? STRIPE_FRAMES : [])],
          workerSrc: ["'self'", 'blob:'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", ...(stripe ? [STRIPE_API] : [])],
          fontSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: options.secure ? [] : null,
        },
      },
      hsts: options.secure,
      crossOriginEmbedderPolicy: false,
    });
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
    await app.register(rateLimit, {
      global: false,
      // A store that cannot count logs it and lets the request through (rate-limit-store.ts).
      ...(options.rateLimitStore ? { store: options.rateLimitStore, skipOnError: true } : {}),
    });
  },
);
