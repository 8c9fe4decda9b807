/**
 * Pushes messages to a user's open WebSocket connections (job progress, notifications). Each
 * process delivers to the sockets it holds; with several API processes, a PostgreSQL
 * LISTEN/NOTIFY relay (see workers) carries a message to the process holding the socket.
 * Sockets are attached under the session whose access token they presented, so ending a session
 * (sign-out, password change, refresh-token reuse) closes its sockets too.
 */
export interface RealtimeSocket {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  readonly readyState: number;
}

export interface Realtime {
  attach(userId: string, socket: RealtimeSocket, sessionId?: string | null): () => void;
  /** Delivers to this process's sockets for the user; returns how many received it. */
  deliver(userId: string, topic: string, data: unknown): number;
  /**
   * Tells this process's sockets of the given sessions that the session ended and closes them
   * (4401); returns how many were closed.
   */
  endSessions(sessionIds: readonly string[]): number;
  connections(userId: string): number;
}

const OPEN = 1;
/** The application close code for "authentication failed or ended": the SDK waits for a new token. */
export const WS_CLOSE_AUTH = 4401;

export function createRealtime(): Realtime {
  const sockets = new Map<string, Set<RealtimeSocket>>();
  const sessions = new Map<string, Set<RealtimeSocket>>();
  const add = (map: Map<string, Set<RealtimeSocket>>, key: string, socket: RealtimeSocket) => {
    let set = map.get(key);
    if (!set) {
      set = new Set();
      map.set(key, set);
    }
    set.add(socket);
    return () => {
      set.delete(socket);
      if (set.size === 0 && map.get(key) === set) map.delete(key);
    };
  };
  return {
    attach(userId, socket, sessionId = null) {
      const byUser = add(sockets, userId, socket);
      const bySession = sessionId ? add(sessions, sessionId, socket) : () => {};
      return () => {
        byUser();
        bySession();
      };
    },
    deliver(userId, topic, data) {
      const message = JSON.stringify({ type: 'event', topic, data });
      let delivered = 0;
      for (const socket of sockets.get(userId) ?? []) {
        if (socket.readyState !== OPEN) continue;
        socket.send(message);
        delivered++;
      }
      return delivered;
    },
    endSessions(sessionIds) {
      let closed = 0;
      for (const sessionId of sessionIds) {
        for (const socket of [...(sessions.get(sessionId) ?? [])]) {
          // The message first, so the SDK signs out (SESSION_REVOKED) rather than retrying the token.
          if (socket.readyState === OPEN)
            socket.send(JSON.stringify({ type: 'error', code: 'SESSION_REVOKED' }));
          socket.close(WS_CLOSE_AUTH, 'session ended');
          closed++;
        }
        sessions.delete(sessionId);
      }
      return closed;
    },
    connections(userId) {
      return sockets.get(userId)?.size ?? 0;
    },
  };
}
