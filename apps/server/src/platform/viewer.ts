/**
 * Who is making a request: a signed-in user (Bearer access token), a visitor with an anonymous
 * session (signed cookie or header), or nobody. Resolved once per request, on demand, and
 * checked by the guards below; roles nest (a founder is staff, staff are users).
 */
import type { Role } from '@kitwright/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors';

export interface SignedInUser {
  id: string;
  username: string;
  email: string;
  displayName: string;
  role: Role;
  emailVerified: boolean;
  locale: string;
  sessionId: string;
}

export interface Viewer {
  user: SignedInUser | null;
  /** Why a presented access token was not accepted, so the client knows to refresh or sign in. */
  tokenProblem: 'expired' | 'invalid' | 'revoked' | null;
  visitorId: string | null;
}

export type ViewerResolver = (request: FastifyRequest) => Promise<Viewer>;

/**
 * Who owns what a request saves, reserves or asks: the signed-in user, else the visitor session.
 * Exactly one of the two is set when there is an owner; neither for a first-time visitor.
 */
export interface Owner {
  userId: string | null;
  visitorId: string | null;
}

/** Makes (or finds) the request's visitor session, setting its cookie on the reply. */
export type VisitorEnsurer = (request: FastifyRequest, reply: FastifyReply) => Promise<string>;

const RANK: Record<Role, number> = { user: 0, staff: 1, founder: 2 };

export function hasRole(role: Role, required: Role): boolean {
  return RANK[role] >= RANK[required];
}

export function rolesOf(role: Role): Role[] {
  return (Object.keys(RANK) as Role[]).filter((r) => RANK[r] <= RANK[role]);
}

export function installViewer(app: FastifyInstance, resolve: ViewerResolver, ensureVisitor: VisitorEnsurer) {
  app.decorateRequest('viewerPromise', null);
  app.decorateRequest(
    'owner',
    async function owner(this: FastifyRequest, reply?: FastifyReply): Promise<Owner> {
      const viewer = await this.viewer();
      if (viewer.user) return { userId: viewer.user.id, visitorId: null };
      if (viewer.visitorId || !reply) return { userId: null, visitorId: viewer.visitorId };
      return { userId: null, visitorId: await ensureVisitor(this, reply) };
    },
  );
  app.decorateRequest('viewer', function viewer(this: FastifyRequest) {
    this.viewerPromise ??= resolve(this).then((v) => {
      if (v.user) this.actorRef = `user:${v.user.id}`;
      else if (v.visitorId) this.actorRef = `visitor:${v.visitorId}`;
      return v;
    });
    return this.viewerPromise;
  });
}

/** The signed-in user, or 401: UNAUTHENTICATED without a token, INVALID_TOKEN/SESSION_REVOKED with a bad one. */
export async function requireUser(request: FastifyRequest): Promise<SignedInUser> {
  const viewer = await request.viewer();
  if (viewer.user) return viewer.user;
  if (viewer.tokenProblem === 'revoked') throw new AppError('SESSION_REVOKED');
  if (viewer.tokenProblem) throw new AppError('INVALID_TOKEN');
  throw new AppError('UNAUTHENTICATED');
}

export async function requireRole(request: FastifyRequest, role: Role): Promise<SignedInUser> {
  const user = await requireUser(request);
  if (!hasRole(user.role, role)) throw new AppError('FORBIDDEN');
  return user;
}

declare module 'fastify' {
  interface FastifyRequest {
    viewerPromise: Promise<Viewer> | null;
    viewer(): Promise<Viewer>;
    /**
     * The request's owner for saves, reservations and support. With a reply, a visitor without a
     * session gets one (its cookie set on the reply); without, the owner may be nobody.
     */
    owner(reply?: FastifyReply): Promise<Owner>;
  }
}
