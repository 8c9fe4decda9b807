/** Health, readiness, app shell and public configuration responses. */
import Type from 'typebox';
import { FEATURE_FLAGS } from '../flags';
import { SUPPORTED_LOCALES } from '../locales';
import { PHASES } from '../phases';
import { ROLES } from '../roles';

export const HealthResponse = Type.Object({
  status: Type.Literal('ok'),
  version: Type.String(),
  release: Type.String(),
  uptime_seconds: Type.Number(),
  phase: Type.Enum([...PHASES]),
});
export type HealthResponse = Type.Static<typeof HealthResponse>;

export const ReadinessCheck = Type.Object({
  name: Type.String(),
  ok: Type.Boolean(),
  duration_ms: Type.Number(),
  error: Type.Optional(Type.String()),
});
export const ReadinessResponse = Type.Object({
  status: Type.Enum(['ready', 'unavailable']),
  checks: Type.Array(ReadinessCheck),
});
export type ReadinessResponse = Type.Static<typeof ReadinessResponse>;

const FlagsShape = Type.Object(
  Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, Type.Boolean()])) as Record<
    (typeof FEATURE_FLAGS)[number],
    Type.TBoolean
  >,
);

export const NavigationEntry = Type.Object({
  id: Type.String(),
  label: Type.String({ description: 'i18n key of the label' }),
  path: Type.String(),
  section: Type.Enum(['main', 'account', 'staff', 'help']),
});
export type NavigationEntry = Type.Static<typeof NavigationEntry>;

export const UserSummary = Type.Union([
  Type.Object({
    authenticated: Type.Literal(false),
    session_id: Type.Union([Type.String(), Type.Null()]),
  }),
  Type.Object({
    authenticated: Type.Literal(true),
    id: Type.String(),
    username: Type.String(),
    display_name: Type.String(),
    roles: Type.Array(Type.Enum([...ROLES])),
    email_verified: Type.Boolean(),
    locale: Type.String(),
  }),
]);
export type UserSummary = Type.Static<typeof UserSummary>;

export const PublicConfig = Type.Object({
  phase: Type.Enum([...PHASES]),
  environment: Type.Enum(['local', 'staging', 'production']),
  app_version: Type.String(),
  release: Type.String(),
  supported_locales: Type.Array(Type.Enum([...SUPPORTED_LOCALES])),
  default_locale: Type.String(),
  oauth_providers: Type.Array(Type.String()),
  machine_translation: Type.Enum(['off', 'pseudo', 'deepl'], {
    description:
      "How people's text is translated here: off (shown as written, with a note saying so), pseudo (a visible fake for tests and staff) or deepl",
  }),
  uploads: Type.Object(
    {
      max_model_bytes: Type.Integer(),
      max_image_bytes: Type.Integer(),
      model_formats: Type.Array(Type.String()),
      image_formats: Type.Array(Type.String()),
    },
    { description: 'What POST /api/media/uploads accepts, so a client can say so before a transfer' },
  ),
});

export const AppShellResponse = Type.Object({
  navigation: Type.Array(NavigationEntry),
  user: UserSummary,
  flags: FlagsShape,
  config: PublicConfig,
});
export type AppShellResponse = Type.Static<typeof AppShellResponse>;

export const TranslationsConfigResponse = Type.Object({
  supported_languages: Type.Array(
    Type.Object({ code: Type.String(), name: Type.String(), default: Type.Boolean() }),
  ),
  default_language: Type.String(),
  fallback_policy: Type.Object({
    description: Type.String(),
    chains: Type.Record(Type.String(), Type.Array(Type.String())),
    final_fallback: Type.Literal('source'),
  }),
});
export type TranslationsConfigResponse = Type.Static<typeof TranslationsConfigResponse>;
