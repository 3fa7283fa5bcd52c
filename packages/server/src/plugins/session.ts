import fastifyCookie from '@fastify/cookie';
import fastifySession from '@fastify/session';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { databaseSessionStore } from '../db/session.store';

declare module 'fastify' {
  interface Session {
    userId?: string;
  }
}

export const SESSION_COOKIE = 'giro.sid';

/**
 * Server-side sessions (ADR 0005): an HttpOnly, SameSite=Lax cookie naming a row in the
 * database; Secure when the public URL is https. The id is rotated at sign-in.
 */
export const sessionPlugin = fp(
  async (app: FastifyInstance, options: { db: Db; clock: Clock; secret: string; secure: boolean }) => {
    await app.register(fastifyCookie, { secret: options.secret });
    await app.register(fastifySession, {
      secret: options.secret,
      cookieName: SESSION_COOKIE,
      saveUninitialized: false,
      rolling: false,
      store: databaseSessionStore(options.db, options.clock),
      cookie: {
        httpOnly: true,
        sameSite: 'lax',
        secure: options.secure,
        path: '/',
        maxAge: 30 * 24 * 3600 * 1000,
      },
    });
  },
);
