import { clientMessageSchema, type ServerMessage } from '@giro/contract/socket';
import { eq } from 'drizzle-orm';
import type { WebSocket } from 'ws';
import { organizations } from '../db/schema';
import { sessionCookieName } from '../plugins/session';
import type { HubConnection } from '../realtime/socket-hub';
import { getResyncData } from '../use-cases/get-resync-data';
import { limit, type Routes } from './route-kit';

const POLICY_VIOLATION = 1008;

/**
 * The real-time channel /ws (api.md). Same origin only. The session is the HttpOnly cookie of
 * the upgrade request (ADR 0006): no cookie closes at once with 'No session found'; a cookie
 * that names no signed-in member answers AUTHENTICATE with AUTHENTICATION_REQUIRED.
 */
export const socketRoutes: Routes = (app, deps) => {
  const origin = new URL(deps.config.publicUrl).origin;
  const sessionCookie = sessionCookieName(origin.startsWith('https:'));

  app.get('/ws', { websocket: true, config: limit(deps, 60, '1 minute') }, (socket: WebSocket, request) => {
    if (request.headers.origin !== origin) return socket.close(POLICY_VIOLATION, 'Origin not allowed');
    if (!request.cookies[sessionCookie]) return socket.close(POLICY_VIOLATION, 'No session found');

    const send = (message: ServerMessage) => socket.send(JSON.stringify(message));
    let connection: HubConnection | undefined;

    const authenticate = async () => {
      const user = await request.session.current();
      if (!user?.familyId) return send({ type: 'AUTHENTICATION_REQUIRED' });
      if (!connection) {
        connection = {
          userId: user.id,
          familyId: user.familyId,
          send: (data) => socket.send(data, { binary: false }),
          close: (code, reason) => socket.close(code, reason),
        };
        deps.hub.add(connection);
      }
      send({ type: 'AUTHENTICATED', familyId: user.familyId, seq: await currentSeq(user.familyId) });
    };

    const resync = async (requestId: string) => {
      const started = performance.now();
      const user = await request.session.current();
      if (!user?.familyId || !connection) return send({ type: 'AUTHENTICATION_REQUIRED' });
      const { data, seq } = await getResyncData(deps, user, request.language);
      send({
        type: 'RESYNC_RESPONSE',
        requestId,
        data,
        queryTimeMs: Math.round((performance.now() - started) * 10) / 10,
        familyId: user.familyId,
        timestamp: deps.clock.now().getTime(),
        seq,
      });
    };

    const currentSeq = async (familyId: string) => {
      const [row] = await deps.db
        .select({ seq: organizations.eventSeq })
        .from(organizations)
        .where(eq(organizations.id, familyId));
      return row?.seq ?? 0;
    };

    socket.on('message', (raw) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(String(raw));
      } catch {
        return; // not JSON: ignored, as any unknown message
      }
      const message = clientMessageSchema.safeParse(parsed);
      if (!message.success) return;
      const work =
        message.data.type === 'AUTHENTICATE'
          ? authenticate()
          : message.data.type === 'HEARTBEAT'
            ? Promise.resolve(send({ type: 'HEARTBEAT_RESPONSE', timestamp: deps.clock.now().getTime() }))
            : resync(message.data.requestId);
      work.catch((error) => request.log.warn({ err: error }, 'socket message failed'));
    });
    socket.on('close', () => {
      if (connection) deps.hub.remove(connection);
    });
  });
};
