import { randomBytes } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { createSession, deleteSession, findSignedInUser } from '../db/session.repository';
import type { UserRow } from '../db/user.repository';

declare module 'fastify' {
  interface FastifyRequest {
    session: RequestSession;
  }
}

export const SESSION_COOKIE = 'giro.sid';
const TTL_MS = 30 * 24 * 3600 * 1000;
/** Paths whose handlers may ask who is signed in; files and pages never do. */
const SESSION_PATHS = ['/api/', '/ws', '/sandbox/'];

interface SessionOptions {
  db: Db;
  secure: boolean;
}

/**
 * The request's session: the id from the signed cookie, and the member it signs in, read with
 * the session in one statement (db/session.repository.ts) before any handler runs.
 */
export class RequestSession {
  #user: UserRow | null = null;
  #loaded: Promise<void> | undefined;

  constructor(
    private readonly options: SessionOptions,
    private readonly reply: FastifyReply,
    private id: string | undefined,
  ) {}

  /** The id the cookie carries (validly signed), whether or not it names a live session. */
  get sessionId(): string | undefined {
    return this.id;
  }

  /** The signed-in member's id, once loaded (always, for API paths: see the hook below). */
  get userId(): string | undefined {
    return this.#user?.id;
  }

  /** The signed-in member, read once per request. */
  async user(): Promise<UserRow | null> {
    this.#loaded ??= this.id
      ? findSignedInUser(this.options.db, this.id).then((user) => {
          this.#user = user ?? null;
        })
      : Promise.resolve();
    await this.#loaded;
    return this.#user;
  }

  /** Signs `user` in under a new session id (the old one, if any, ends: no fixation). */
  async signIn(user: UserRow): Promise<void> {
    if (this.id) await deleteSession(this.options.db, this.id);
    const id = randomBytes(24).toString('base64url');
    await createSession(this.options.db, { id, userId: user.id, expiresAt: new Date(Date.now() + TTL_MS) });
    this.reply.setCookie(SESSION_COOKIE, id, {
      signed: true,
      httpOnly: true,
      sameSite: 'lax',
      secure: this.options.secure,
      path: '/',
      maxAge: TTL_MS / 1000,
    });
    this.id = id;
    this.#user = user;
    this.#loaded = Promise.resolve();
  }

  /** Ends this session here and in the database, and clears the cookie. */
  async signOut(): Promise<void> {
    if (this.id) await deleteSession(this.options.db, this.id);
    this.reply.clearCookie(SESSION_COOKIE, { path: '/' });
    this.id = undefined;
    this.#user = null;
    this.#loaded = Promise.resolve();
  }
}

/**
 * Server-side sessions (ADRs 0005 and 0023): an HttpOnly, SameSite=Lax cookie, signed, naming a
 * row in the database; Secure when the public URL is https. The id is rotated at sign-in.
 * Ours rather than @fastify/session's: a request pays one HMAC and one prepared statement that
 * reads the session and its member together, and a request without the cookie pays nothing.
 */
export const sessionPlugin = fp(
  async (app: FastifyInstance, options: SessionOptions & { secret: string }) => {
    await app.register(fastifyCookie, { secret: options.secret });
    const settings: SessionOptions = { db: options.db, secure: options.secure };
    app.decorateRequest('session', null as unknown as RequestSession);
    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      const raw = request.cookies[SESSION_COOKIE];
      const signed = raw ? request.unsignCookie(raw) : undefined;
      const session = new RequestSession(
        settings,
        reply,
        signed?.valid ? (signed.value ?? undefined) : undefined,
      );
      request.session = session;
      // Read before the handler, so route hooks (per-user rate limits) and the socket know the member.
      if (session.sessionId && SESSION_PATHS.some((prefix) => request.url.startsWith(prefix)))
        await session.user();
    });
  },
);
