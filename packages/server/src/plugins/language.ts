import type { Language } from '@giro/contract/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language of this request's messages: the browser sends the UI language it shows. */
    language: Language;
  }
}

export function languageOf(header: string | undefined): Language {
  if (!header) return 'it';
  for (const part of header.split(',')) {
    const tag = part.split(';')[0]?.trim().slice(0, 2).toLowerCase();
    if (tag === 'it' || tag === 'en') return tag;
  }
  return 'it';
}

export const languagePlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('language', 'it');
  app.addHook('onRequest', async (request: FastifyRequest) => {
    request.language = languageOf(request.headers['accept-language']);
  });
});
