/**
 * /api/v1/auth and /api/v1/users: thin routes over the auth service. Browser-facing answers
 * (the verification link, the OAuth return) redirect to the web app when a browser asks for HTML.
 */
import type {} from '@fastify/cookie';
import {
  Acknowledgement,
  AuthResponse,
  ChangePasswordRequest,
  EmailRequest,
  ErrorEnvelope,
  LoginRequest,
  LogoutRequest,
  OAUTH_PROVIDERS,
  type OAuthProvider,
  OAuthUrlResponse,
  RefreshRequest,
  RegisterRequest,
  ResetPasswordRequest,
  User,
  VerifyResponse,
  VisitorSessionResponse,
} from '@kitwright/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Type from 'typebox';
import type { Config } from '../../config';
import { AppError, isAppError } from '../../platform/errors';
import type { AuthService, RequestMeta } from './service';
import type { VisitorSessions } from './visitor-sessions';

const OAUTH_STATE_COOKIE = 'kw_oauth_state';
const errors = {
  400: ErrorEnvelope,
  401: ErrorEnvelope,
  403: ErrorEnvelope,
  409: ErrorEnvelope,
  429: ErrorEnvelope,
  503: ErrorEnvelope,
};
const ProviderParams = Type.Object({ provider: Type.String() });

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

export function authRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; visitors: VisitorSessions; config: Config },
) {
  const { auth, visitors, config } = deps;
  const secure = config.publicBaseUrl.startsWith('https://');

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
      correlationId: request.id,
      visitorId: (await request.viewer()).visitorId,
      ...(extra.surface ? { sourceSurface: extra.surface } : {}),
      ...(extra.attribution ? { sourceAttribution: extra.attribution } : {}),
    };
  }

  /** After a sign-in the visitor session belongs to the account; a browser stops presenting it. */
  function signedIn(reply: FastifyReply) {
    visitors.clearCookie(reply);
  }

  app.post(
    '/api/v1/auth/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create an account (RegisterRequest → AuthResponse)',
        body: RegisterRequest,
        response: { 201: AuthResponse, ...errors },
      },
    },
    async (request, reply) => {
      const body = request.body as Type.Static<typeof RegisterRequest>;
      const result = await auth.register(
        {
          username: body.username,
          email: body.email,
          password: body.password,
          displayName: body.display_name ?? body.displayName ?? null,
          locale: body.locale ?? request.headers['accept-language'] ?? null,
        },
        await meta(request, {
          deviceId: body.device_id,
          surface: body.source_surface,
          attribution: body.source_attribution,
        }),
      );
      signedIn(reply);
      return reply.code(201).send(result);
    },
  );

  app.post(
    '/api/v1/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a username or an email and a password',
        body: LoginRequest,
        response: { 200: AuthResponse, ...errors },
      },
    },
    async (request, reply) => {
      const body = request.body as Type.Static<typeof LoginRequest>;
      const result = await auth.login(
        { identifier: body.username, password: body.password },
        await meta(request, { deviceId: body.device_id }),
      );
      signedIn(reply);
      return result;
    },
  );

  app.post(
    '/api/v1/auth/refresh',
    {
      schema: {
        tags: ['auth'],
        summary: 'Rotate the refresh token and get a new access token',
        body: RefreshRequest,
        response: { 200: AuthResponse, ...errors },
      },
    },
    async (request) =>
      auth.refresh((request.body as Type.Static<typeof RefreshRequest>).refresh_token, await meta(request)),
  );

  app.post(
    '/api/v1/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'End the session of the given refresh token (or of the access token)',
        body: LogoutRequest,
        response: { 204: Type.Null(), ...errors },
      },
      // Signing out with only the access token needs no body at all.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request, reply) => {
      const body = (request.body ?? {}) as Type.Static<typeof LogoutRequest>;
      await auth.logout(body.refresh_token ?? null, await request.viewer(), await meta(request));
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/v1/auth/verify',
    {
      schema: {
        tags: ['auth'],
        summary: 'Confirm an email address with the token from the email',
        querystring: Type.Object({ token: Type.String({ minLength: 1, maxLength: 512 }) }),
        response: { 200: VerifyResponse, 302: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      const { token } = request.query as { token: string };
      try {
        const result = await auth.verifyEmail(token, await meta(request));
        if (wantsHtml(request))
          return reply.redirect(`${config.frontendUrl}/account/verified?status=success`, 302);
        return result;
      } catch (err) {
        if (wantsHtml(request) && isAppError(err) && err.code === 'INVALID_LINK') {
          return reply.redirect(`${config.frontendUrl}/account/verified?status=invalid`, 302);
        }
        throw err;
      }
    },
  );

  app.post(
    '/api/v1/auth/resend-verification',
    {
      schema: {
        tags: ['auth'],
        summary: 'Send the verification email again (1 per 5 minutes per email)',
        body: EmailRequest,
        response: { 202: Acknowledgement, ...errors },
      },
    },
    async (request, reply) => {
      const message = await auth.resendVerification(
        (request.body as { email: string }).email,
        await meta(request),
      );
      return reply.code(202).send({ ok: true, message });
    },
  );

  app.post(
    '/api/v1/auth/forgot-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Email a password-reset link (1 per 5 minutes per email)',
        body: EmailRequest,
        response: { 202: Acknowledgement, ...errors },
      },
    },
    async (request, reply) => {
      const message = await auth.forgotPassword(
        (request.body as { email: string }).email,
        await meta(request),
      );
      return reply.code(202).send({ ok: true, message });
    },
  );

  app.post(
    '/api/v1/auth/reset-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Choose a new password with the token from the email',
        body: ResetPasswordRequest,
        response: { 200: Acknowledgement, ...errors },
      },
    },
    async (request) => {
      const body = request.body as Type.Static<typeof ResetPasswordRequest>;
      await auth.resetPassword(body.token, body.new_password, await meta(request));
      return { ok: true as const, message: 'Your password was changed. Sign in with the new one.' };
    },
  );

  app.post(
    '/api/v1/users/:userId/change-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Change your password (ends every session)',
        params: Type.Object({ userId: Type.String({ maxLength: 64 }) }),
        body: ChangePasswordRequest,
        security: [{ bearer: [] }],
        response: {
          200: Type.Object({ ok: Type.Literal(true), sessions_revoked: Type.Integer() }),
          ...errors,
        },
      },
    },
    async (request) => {
      const viewer = await request.viewer();
      if (!viewer.user) {
        if (viewer.tokenProblem === 'revoked') throw new AppError('SESSION_REVOKED');
        throw new AppError(viewer.tokenProblem ? 'INVALID_TOKEN' : 'UNAUTHENTICATED');
      }
      const body = request.body as Type.Static<typeof ChangePasswordRequest>;
      return auth.changePassword(
        (request.params as { userId: string }).userId,
        viewer,
        { oldPassword: body.old_password, newPassword: body.new_password },
        await meta(request),
      );
    },
  );

  app.get(
    '/api/v1/users/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        security: [{ bearer: [] }],
        response: { 200: User, ...errors },
      },
    },
    async (request) => {
      const viewer = await request.viewer();
      if (!viewer.user && viewer.tokenProblem)
        throw new AppError(viewer.tokenProblem === 'revoked' ? 'SESSION_REVOKED' : 'INVALID_TOKEN');
      return auth.me(viewer);
    },
  );

  app.post(
    '/api/v1/auth/anonymous',
    {
      schema: {
        tags: ['auth'],
        summary: 'Start (or keep) an anonymous visitor session',
        response: { 200: VisitorSessionResponse, 201: VisitorSessionResponse },
      },
    },
    async (request, reply) => {
      const viewer = await request.viewer();
      if (viewer.visitorId) {
        return { session_id: viewer.visitorId, session_token: reply.signCookie(viewer.visitorId) };
      }
      const created = await visitors.create(reply);
      return reply.code(201).send({ session_id: created.id, session_token: created.token });
    },
  );

  app.get(
    '/api/v1/auth/oauth/:provider/url',
    {
      schema: {
        tags: ['auth'],
        summary: 'The authorization URL for google or apple (PKCE, state and nonce)',
        params: ProviderParams,
        response: { 200: OAuthUrlResponse, ...errors, 404: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      const provider = providerOf((request.params as { provider: string }).provider);
      const result = await auth.oauthUrl(provider, await meta(request));
      reply.setCookie(OAUTH_STATE_COOKIE, result.state, {
        signed: true,
        httpOnly: true,
        sameSite: 'lax',
        secure,
        path: '/api/v1/auth/oauth',
        maxAge: 600,
      });
      return result;
    },
  );

  const callback = async (request: FastifyRequest, reply: FastifyReply, params: URLSearchParams) => {
    const provider = providerOf((request.params as { provider: string }).provider);
    const forward = `${config.frontendUrl}/auth/callback/${provider}?${params.toString()}`;
    // The provider sent a browser here: hand it to the web app, which finishes through the API.
    if (request.method === 'POST') return reply.redirect(forward, 303);
    if (wantsHtml(request)) return reply.redirect(forward, 302);
    const cookie = request.cookies[OAUTH_STATE_COOKIE];
    const unsigned = cookie ? request.unsignCookie(cookie) : null;
    const bound = unsigned ? (unsigned.valid ? unsigned.value : '') : null;
    const result = await auth.oauthCallback(provider, params, bound, await meta(request));
    reply.clearCookie(OAUTH_STATE_COOKIE, { path: '/api/v1/auth/oauth' });
    signedIn(reply);
    const { isNewUser: _isNew, ...body } = result;
    return body;
  };

  app.get(
    '/api/v1/auth/oauth/:provider/callback',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Finish external sign-in: AuthResponse, or a redirect to the web app for browser navigations',
        params: ProviderParams,
        querystring: Type.Record(Type.String(), Type.String({ maxLength: 4096 })),
        response: { 200: AuthResponse, 302: Type.Null(), ...errors, 404: ErrorEnvelope },
      },
    },
    async (request, reply) =>
      callback(request, reply, new URLSearchParams(request.query as Record<string, string>)),
  );

  // Apple returns by form POST; only this route reads url-encoded bodies, so no other endpoint can
  // be driven by a plain cross-site form.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16_384 },
      (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );
    scope.post(
      '/api/v1/auth/oauth/:provider/callback',
      {
        schema: {
          tags: ['auth'],
          summary: 'Form-post return from a provider (Apple): forwarded to the web app',
          params: ProviderParams,
          response: { 303: Type.Null(), 404: ErrorEnvelope },
        },
      },
      async (request, reply) => {
        const body = (request.body ?? {}) as Record<string, unknown>;
        const params = new URLSearchParams();
        for (const key of ['code', 'state', 'error', 'iss'])
          if (typeof body[key] === 'string') params.set(key, body[key]);
        // Apple's first-sign-in name stays on the server (no name in the redirect URL).
        const provider = providerOf((request.params as { provider: string }).provider);
        if (typeof body.state === 'string' && typeof body.user === 'string')
          await auth.rememberProviderName(provider, body.state, body.user);
        return callback(request, reply, params);
      },
    );
  });
}
