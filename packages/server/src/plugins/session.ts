import { randomBytes } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import {
  createPasskeySession,
  createPasswordSession,
  createSession,
  deleteSession,
  findSignedInUserByHash,
} from '../db/session.repository';
import type { SessionCache } from '../db/session-cache';
import { SessionTouches } from '../db/session-touches';
import type { UserRow } from '../db/user.repository';
import { AppError } from '../errors';
import { hashToken } from '../security/tokens';
import { knownBrowserOf, rememberBrowser } from './known-browser';

declare module 'fastify' {
  interface FastifyRequest {
    session: RequestSession;
  }
}

/**
 * The session cookie's name. Under https it carries the `__Host-` prefix: the browser then only
 * accepts it Secure, for Path=/ and without a Domain, so a sibling subdomain can neither plant
 * nor overwrite it (issue 18). Plain http on localhost cannot use the prefix and keeps the name.
 */
export const sessionCookieName = (secure: boolean) => (secure ? '__Host-giro.sid' : 'giro.sid');
const TTL_MS = 30 * 24 * 3600 * 1000;
/** How stale a session's "last seen" may get before a request refreshes it (one write, not one per request). */
const SEEN_EVERY_MS = 5 * 60 * 1000;
/** Paths whose handlers may ask who is signed in; files and pages never do. */
const SESSION_PATHS = ['/api/', '/ws', '/sandbox/'];

/** What a new session is for: a member just registered, or signed in (password or passkey). */
export interface SignInEvent {
  user: UserRow;
  userAgent: string | undefined;
  kind: 'registered' | 'signed_in';
}

interface SessionOptions {
  db: Db;
  /** Signed-in sessions kept in memory, exact on every instance; without it each request reads. */
  cache?: SessionCache;
  secure: boolean;
  /**
   * Asked of every new session just before it is stored (security events: is this browser new?);
   * what it returns runs once the session is stored, and not for a sign-in refused meanwhile.
   */
  onSignIn?: (event: SignInEvent) => Promise<(() => Promise<void>) | undefined>;
}

/**
 * The request's session: the id from the signed cookie, and the member it signs in, read with
 * the session in one statement (db/session.repository.ts) or from memory, before any handler runs.
 */
export class RequestSession {
  #user: UserRow | null = null;
  #loaded: Promise<void> | undefined;

  constructor(
    private readonly options: SessionOptions & { touches: SessionTouches },
    private readonly request: FastifyRequest,
    private readonly reply: FastifyReply,
    private id: string | undefined,
  ) {}

  get #cookie() {
    return sessionCookieName(this.options.secure);
  }

  /** The member this browser signed in as before (plugins/known-browser.ts), if any. */
  knownBrowser(): { userId: string; browserId: string } | null {
    return knownBrowserOf(this.request, this.options.secure);
  }

  /** The id the cookie carries (validly signed), whether or not it names a live session. */
  get sessionId(): string | undefined {
    return this.id;
  }

  /** The signed-in member's id, once loaded (always, for API paths: see the hook below). */
  get userId(): string | undefined {
    return this.#user?.id;
  }

  /** The signed-in member, read once per request; the session's "last seen" kept roughly current. */
  async user(): Promise<UserRow | null> {
    this.#loaded ??= this.id ? this.#load(this.id) : Promise.resolve();
    await this.#loaded;
    return this.#user;
  }

  /**
   * The member the session signs in now, read again (from memory while nothing was announced):
   * for a request that lives on, as the socket does, so that a sign-out, a password change or an
   * expulsion since the upgrade is seen by its next message.
   */
  current(): Promise<UserRow | null> {
    this.#loaded = undefined;
    return this.user();
  }

  async #load(id: string): Promise<void> {
    const { db, cache } = this.options;
    const idHash = hashToken(id);
    const found = cache ? await cache.find(idHash) : await findSignedInUserByHash(db, idHash);
    this.#user = found?.user ?? null;
    if (found && Date.now() - found.lastSeenAt.getTime() > SEEN_EVERY_MS) {
      this.options.touches.touch(idHash);
      cache?.touched(idHash, new Date());
    }
  }

  /**
   * Signs `user` in under a new session id (the old one, if any, ends: no fixation), the same
   * for a password, a passkey and a new registration. A password sign-in names the hash it
   * checked: a reset or change committed since refuses it (INVALID_CREDENTIALS). A passkey's
   * names the passkey: removing it ends the session.
   */
  async signIn(
    user: UserRow,
    kind: SignInEvent['kind'] = 'signed_in',
    proof: { checkedPasswordHash?: string; passkeyId?: string } = {},
  ): Promise<void> {
    const { checkedPasswordHash, passkeyId } = proof;
    if (this.id) await deleteSession(this.options.db, this.id);
    const id = randomBytes(24).toString('base64url');
    const userAgent = this.request.headers['user-agent'];
    // Asked before the new row, so what the hook finds are the member's other sessions (two
    // sign-ins at once from one new browser each see the other's row otherwise, and neither is
    // mailed); recorded after it, so a sign-in refused below (a reset committed while its
    // password was checked) does not mail "a new sign-in" that never happened.
    const noted = await this.options.onSignIn?.({ user, userAgent, kind });
    const session = { id, userId: user.id, expiresAt: new Date(Date.now() + TTL_MS), userAgent, passkeyId };
    if (passkeyId !== undefined) {
      if (!(await createPasskeySession(this.options.db, { ...session, passkeyId })))
        throw new AppError('PASSKEY_REFUSED');
    } else if (checkedPasswordHash === undefined) await createSession(this.options.db, session);
    else if (!(await createPasswordSession(this.options.db, session, checkedPasswordHash)))
      throw new AppError('INVALID_CREDENTIALS');
    await noted?.();
    this.reply.setCookie(this.#cookie, id, {
      signed: true,
      httpOnly: true,
      sameSite: 'lax',
      secure: this.options.secure,
      path: '/',
      maxAge: TTL_MS / 1000,
    });
    rememberBrowser(this.reply, user.id, this.options.secure);
    this.id = id;
    this.#user = user;
    this.#loaded = Promise.resolve();
  }

  /** Ends this session here and in the database, and clears the cookie. */
  async signOut(): Promise<void> {
    if (this.id) await deleteSession(this.options.db, this.id);
    this.reply.clearCookie(this.#cookie, { path: '/', secure: this.options.secure });
    this.id = undefined;
    this.#user = null;
    this.#loaded = Promise.resolve();
  }
}

/**
 * Server-side sessions (ADRs 0005 and 0023): an HttpOnly, SameSite=Lax cookie, signed, naming a
 * row in the database; Secure when the public URL is https. The id is rotated at sign-in.
 * Ours rather than @fastify/session's: a request pays one HMAC and, unless the session is in
 * memory (db/session-cache.ts), one prepared statement that reads the session and its member
 * together; a request without the cookie pays nothing.
 */
export const sessionPlugin = fp(
  async (app: FastifyInstance, options: SessionOptions & { secret: string }) => {
    await app.register(fastifyCookie, { secret: options.secret });
    const { secret: _secret, ...rest } = options;
    const settings = { ...rest, touches: new SessionTouches(options.db) };
    // Before the database closes (server.ts closes it after the app).
    app.addHook('onClose', () => settings.touches.flush());
    const cookie = sessionCookieName(options.secure);
    app.decorateRequest('session', null as unknown as RequestSession);
    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      const raw = request.cookies[cookie];
      const signed = raw ? request.unsignCookie(raw) : undefined;
      const session = new RequestSession(
        settings,
        request,
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
