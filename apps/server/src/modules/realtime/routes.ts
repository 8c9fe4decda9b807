/**
 * GET /api/ws: the WebSocket the SDK connects to. The client authenticates with a message
 * ({"type":"auth","access_token":...}) rather than the URL, so tokens never land in access logs,
 * and may send it again to switch tokens. Server messages: ready, event, pong, error.
 *
 * A socket lives no longer than what authenticated it: when its session ends (sign-out, password
 * change or reset, refresh-token reuse) it gets SESSION_REVOKED and is closed with 4401, and when
 * its access token expires without a newer one having been sent (the SDK sends every refreshed
 * token) it gets INVALID_TOKEN and is closed with 4401.
 */
import type {} from '@fastify/websocket';
import type { RoutesPlugin } from '../../platform/operation';
import { type Realtime, WS_CLOSE_AUTH } from '../../platform/realtime';
import type { AuthApi } from '../auth/face';

const AUTH_DEADLINE_MS = 30_000;
/** setTimeout's ceiling; access tokens live 15 minutes, far below it. */
const MAX_TIMER_MS = 2_147_483_647;

export const realtimeRoutes: RoutesPlugin<{ auth: AuthApi['accounts']; realtime: Realtime }> = async (
  app,
  deps,
) => {
  app.get('/api/ws', { websocket: true, schema: { hide: true } }, (socket) => {
    let detach: (() => void) | null = null;
    let expiry: NodeJS.Timeout | null = null;
    let failures = 0;
    const deadline = setTimeout(() => {
      if (!detach) socket.close(4401, 'authentication required');
    }, AUTH_DEADLINE_MS);
    const send = (message: unknown) => socket.send(JSON.stringify(message));
    const signOut = () => {
      if (expiry) clearTimeout(expiry);
      expiry = null;
      detach?.();
      detach = null;
    };

    socket.on('message', async (raw: Buffer) => {
      let message: { type?: unknown; access_token?: unknown };
      try {
        message = JSON.parse(raw.toString('utf8'));
      } catch {
        return send({ type: 'error', code: 'MALFORMED_JSON' });
      }
      if (message.type === 'ping') return send({ type: 'pong' });
      if (message.type === 'auth' && typeof message.access_token === 'string') {
        const result = await deps.auth.userForAccessToken(message.access_token);
        if ('problem' in result) {
          // A refused token signs the socket out: it must not keep receiving the previous user's messages.
          signOut();
          send({ type: 'error', code: result.problem === 'revoked' ? 'SESSION_REVOKED' : 'INVALID_TOKEN' });
          if (++failures >= 3) socket.close(4401, 'authentication failed');
          return;
        }
        signOut();
        detach = deps.realtime.attach(result.user.id, socket, result.user.sessionId);
        clearTimeout(deadline);
        // The token stops being valid at its expiry; a client that sent no newer one by then is
        // told so (the SDK refreshes and reconnects) and closed.
        expiry = setTimeout(
          () => {
            expiry = null;
            if (!detach) return;
            signOut();
            send({ type: 'error', code: 'INVALID_TOKEN' });
            socket.close(WS_CLOSE_AUTH, 'token expired');
          },
          Math.min(MAX_TIMER_MS, Math.max(0, result.expiresInMs)),
        );
        return send({ type: 'ready', user_id: result.user.id });
      }
      send({ type: 'error', code: 'VALIDATION_FAILED' });
    });
    socket.on('close', () => {
      clearTimeout(deadline);
      signOut();
    });
  });
};
