/**
 * /api/v1/auth and /api/v1/users: thin routes over the auth service. Browser-facing answers
 * (the verification link, the OAuth return) redirect to the web app when a browser asks for HTML.
 */
import type {} from '@fastify/cookie';
import { OAUTH_PROVIDERS, type OAuthProvider } from '@kitwright/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { AppError, isAppError } from '../../platform/errors';
import { operation, type RoutesPlugin } from '../../platform/operation';
import { OAUTH_COOKIE_PATH, oauthCookieName } from './oauth-binding';
import type { AuthService, RequestMeta } from './service';
import type { VisitorSessions } from './visitor-sessions';

/** A top-level browser navigation (it prefers HTML), as opposed to the SDK's fetch. */
function wantsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html') && !accept.startsWith('application/json');
}

function providerOf(value: string): OAuthProvider {
  if (!(OAUTH_PROVIDERS as readonly string[]).includes(value))
    throw new AppError('NOT_FOUND', 'Unknown sign-in provider.');
  return value as OAuthProvider;
}

type AuthRoutesDeps = {
  auth: AuthService;
  visitors: VisitorSessions;
  config: Config;
};

/** What a request tells the auth service about where it came from. */
async function meta(
  request: FastifyRequest,
  extra: {
    deviceId?: string | undefined;
    surface?: string | undefined;
    attribution?: Record<string, string> | undefined;
  } = {},
): Promise<RequestMeta> {
  return {
    ip: request.ip ?? null,
    userAgent: request.headers['user-agent'] ?? null,
    deviceId: extra.deviceId ?? null,
    visitorId: (await request.viewer()).visitorId,
    ...(extra.surface ? { sourceSurface: extra.surface } : {}),
    ...(extra.attribution ? { sourceAttribution: extra.attribution } : {}),
  };
}

/** Where a browser the provider sent back goes: the web app, which finishes through the API. */
function forwardUrl(config: Config, provider: OAuthProvider, params: URLSearchParams): string {
  return `${config.frontendUrl}/auth/callback/${provider}?${params.toString()}`;
}

/** Register, sign in, refresh and sign out. After a sign-in the visitor session belongs to the
 * account, so a browser stops presenting it (`visitors.clearCookie`). */
const sessionRoutes: RoutesPlugin<AuthRoutesDeps> = async (app, { auth, visitors }) => {
  app.route({
    ...operation('register', {
      tags: ['auth'],
      summary: 'Create an account (RegisterRequest → AuthResponse)',
    }),
    handler: async (request, reply) => {
      const { body } = request;
      const result = await auth.register(
        {
          username: body.username,
          email: body.email,
          password: body.password,
          displayName: body.display_name ?? body.displayName ?? null,
          locale: body.locale ?? request.headers['accept-language'] ?? null,
          invitationCode: body.invitation_code ?? null,
        },
        await meta(request, {
          deviceId: body.device_id,
          surface: body.source_surface,
          attribution: body.source_attribution,
        }),
      );
      visitors.clearCookie(reply);
      return reply.code(201).send(result);
    },
  });

  app.route({
    ...operation('login', { tags: ['auth'], summary: 'Sign in with a username or an email and a password' }),
    handler: async (request, reply) => {
      const { body } = request;
      const result = await auth.login(
        { identifier: body.username, password: body.password },
        await meta(request, { deviceId: body.device_id }),
      );
      visitors.clearCookie(reply);
      return result;
    },
  });

  app.route({
    ...operation('refresh', {
      tags: ['auth'],
      summary: 'Rotate the refresh token and get a new access token',
    }),
    handler: async (request) => auth.refresh(request.body.refresh_token),
  });

  app.route({
    ...operation('logout', {
      tags: ['auth'],
      summary: 'End the session of the given refresh token (or of the access token)',
    }),
    // Signing out with only the access token needs no body at all.
    preValidation: async (request) => {
      request.body ??= {};
    },
    handler: async (request, reply) => {
      await auth.logout(request.body?.refresh_token ?? null, await request.viewer());
      return reply.code(204).send(null);
    },
  });
};

/** Email verification, and the password reset, forgotten and changed. */
const emailAndPasswordRoutes: RoutesPlugin<AuthRoutesDeps> = async (app, { auth, config }) => {
  app.route({
    ...operation('verifyEmail', {
      tags: ['auth'],
      summary: 'Confirm an email address with the token from the email',
    }),
    handler: async (request, reply) => {
      const { token } = request.query;
      try {
        const result = await auth.verifyEmail(token);
        if (wantsHtml(request))
          return reply.redirect(
            `${config.frontendUrl}/account/verified?status=${result.already_verified ? 'already' : 'success'}`,
            302,
          );
        return result;
      } catch (err) {
        if (wantsHtml(request) && isAppError(err) && err.code === 'INVALID_LINK') {
          return reply.redirect(`${config.frontendUrl}/account/verified?status=invalid`, 302);
        }
        throw err;
      }
    },
  });

  app.route({
    ...operation('resendVerification', {
      tags: ['auth'],
      summary: 'Send the verification email again (1 per 5 minutes per email; limited per client address)',
    }),
    handler: async (request, reply) => {
      const message = await auth.resendVerification(request.body.email, await meta(request));
      return reply.code(202).send({ ok: true, message });
    },
  });

  app.route({
    ...operation('forgotPassword', {
      tags: ['auth'],
      summary: 'Email a password-reset link (1 per 5 minutes per email; limited per client address)',
    }),
    handler: async (request, reply) => {
      const message = await auth.forgotPassword(request.body.email, await meta(request));
      return reply.code(202).send({ ok: true, message });
    },
  });

  app.route({
    ...operation('resetPassword', {
      tags: ['auth'],
      summary: 'Choose a new password with the token from the email',
    }),
    handler: async (request) => {
      const { body } = request;
      await auth.resetPassword(body.token, body.new_password);
      return { ok: true as const, message: 'Your password was changed. Sign in with the new one.' };
    },
  });

  app.route({
    ...operation('changePassword', { tags: ['auth'], summary: 'Change your password (ends every session)' }),
    handler: async (request) => {
      const viewer = await request.viewer();
      if (!viewer.user) {
        if (viewer.tokenProblem === 'revoked') throw new AppError('SESSION_REVOKED');
        throw new AppError(viewer.tokenProblem ? 'INVALID_TOKEN' : 'UNAUTHENTICATED');
      }
      const { body } = request;
      return auth.changePassword(request.params.userId, viewer, {
        oldPassword: body.old_password,
        newPassword: body.new_password,
      });
    },
  });
};

/** The signed-in user, and the anonymous visitor session. */
const viewerRoutes: RoutesPlugin<AuthRoutesDeps> = async (app, { auth, visitors }) => {
  app.route({
    ...operation('me', { tags: ['auth'], summary: 'The signed-in user' }),
    handler: async (request) => {
      const viewer = await request.viewer();
      if (!viewer.user && viewer.tokenProblem)
        throw new AppError(viewer.tokenProblem === 'revoked' ? 'SESSION_REVOKED' : 'INVALID_TOKEN');
      return auth.me(viewer);
    },
  });

  app.route({
    ...operation('startVisitorSession', {
      tags: ['auth'],
      summary: 'Start (or keep) an anonymous visitor session',
    }),
    handler: async (request, reply) => {
      const viewer = await request.viewer();
      if (viewer.visitorId) {
        return { session_id: viewer.visitorId, session_token: reply.signCookie(viewer.visitorId) };
      }
      const created = await visitors.create(reply);
      return reply.code(201).send({ session_id: created.id, session_token: created.token });
    },
  });
};

/** External sign-in: the authorization URL and the JSON return the web app finishes through. */
const oauthRoutes: RoutesPlugin<AuthRoutesDeps> = async (app, { auth, visitors, config }) => {
  const secure = config.publicBaseUrl.startsWith('https://');

  app.route({
    ...operation('oauthUrl', {
      tags: ['auth'],
      summary: 'The authorization URL for google or apple (PKCE, state and nonce)',
    }),
    handler: async (request, reply) => {
      const provider = providerOf(request.params.provider);
      const { url, state, cookie } = await auth.oauthUrl(
        provider,
        await meta(request),
        request.query.invitation_code ?? null,
        request.cookies,
      );
      for (const name of cookie.stale) reply.clearCookie(name, { path: OAUTH_COOKIE_PATH });
      reply.setCookie(cookie.name, cookie.value, {
        httpOnly: true,
        sameSite: 'lax',
        secure,
        path: OAUTH_COOKIE_PATH,
        maxAge: cookie.maxAgeSeconds,
      });
      return { url, state, provider };
    },
  });

  const callback = async (
    request: FastifyRequest,
    reply: FastifyReply,
    provider: OAuthProvider,
    params: URLSearchParams,
  ) => {
    if (wantsHtml(request)) return reply.redirect(forwardUrl(config, provider, params), 302);
    // The attempt's cookie is spent whatever the answer: the attempt is used, or refused for good.
    const state = params.get('state');
    const own = state ? oauthCookieName(state) : null;
    if (own && request.cookies[own] !== undefined) reply.clearCookie(own, { path: OAUTH_COOKIE_PATH });
    const result = await auth.oauthCallback(provider, params, request.cookies, await meta(request));
    // A visitor session that was not handed over stays this browser's (it signs out back to it).
    if (result.visitorClaimed) visitors.clearCookie(reply);
    const { isNewUser: _isNew, visitorClaimed: _claimed, ...body } = result;
    return body;
  };

  app.route({
    ...operation('oauthCallback', {
      tags: ['auth'],
      summary: 'Finish external sign-in: AuthResponse, or a redirect to the web app for browser navigations',
    }),
    handler: async (request, reply) =>
      callback(
        request,
        reply,
        providerOf(request.params.provider),
        new URLSearchParams(
          Object.entries(request.query).filter((e): e is [string, string] => typeof e[1] === 'string'),
        ),
      ),
  });
};

/** Apple returns by form POST; only this route reads url-encoded bodies, so no other endpoint can
 * be driven by a plain cross-site form. */
const oauthFormCallbackRoute: RoutesPlugin<AuthRoutesDeps> = async (scope, { auth, config }) => {
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16_384 },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
  scope.route({
    ...operation('oauthFormCallback', {
      tags: ['auth'],
      summary: 'Form-post return from a provider (Apple): forwarded to the web app',
    }),
    handler: async (request, reply) => {
      const body = request.body ?? {};
      const params = new URLSearchParams();
      for (const key of ['code', 'state', 'error', 'iss'] as const) {
        const value = body[key];
        if (typeof value === 'string') params.set(key, value);
      }
      // Apple's first-sign-in name stays on the server (no name in the redirect URL).
      const provider = providerOf(request.params.provider);
      if (typeof body.state === 'string' && typeof body.user === 'string')
        await auth.rememberProviderName(provider, body.state, body.user);
      return reply.redirect(forwardUrl(config, provider, params), 303);
    },
  });
};

/** The auth routes, registered in the order they are documented. */
export const authRoutes: RoutesPlugin<AuthRoutesDeps> = async (app, deps) => {
  await app.register(sessionRoutes, deps);
  await app.register(emailAndPasswordRoutes, deps);
  await app.register(viewerRoutes, deps);
  await app.register(oauthRoutes, deps);
  await app.register(oauthFormCallbackRoute, deps);
};
