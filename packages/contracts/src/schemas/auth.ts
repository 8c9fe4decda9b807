/** Authentication request and response bodies (spec: Authentication resources and endpoints). */
import Type from 'typebox';
import { AUTH_PROVIDERS, PASSWORD_MAX_LENGTH } from '../auth-rules';
import { ROLES } from '../roles';
import { OneLine } from './common';

export const OAUTH_PROVIDERS = ['google', 'apple'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

export { AUTH_PROVIDERS, type AuthProvider, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../auth-rules';

const Username = Type.String({
  pattern: '^[A-Za-z0-9_.-]{3,32}$',
  description: '3–32 letters, digits, dots, dashes or underscores',
});
const Email = Type.String({ format: 'email', maxLength: 254 });
const Password = Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH });
const DisplayName = OneLine({ minLength: 1, maxLength: 80 });

export const User = Type.Object({
  id: Type.String(),
  username: Type.String(),
  email: Type.String(),
  display_name: Type.String(),
  roles: Type.Array(Type.Enum([...ROLES])),
  email_verified: Type.Boolean(),
  locale: Type.String(),
  auth_provider: Type.Enum([...AUTH_PROVIDERS]),
  created_at: Type.String({ format: 'date-time' }),
});
export type User = Type.Static<typeof User>;

export const RegisterRequest = Type.Object({
  username: Username,
  email: Email,
  password: Password,
  display_name: Type.Optional(DisplayName),
  displayName: Type.Optional(DisplayName),
  locale: Type.Optional(OneLine({ maxLength: 35 })),
  device_id: Type.Optional(OneLine({ maxLength: 128 })),
  source_surface: Type.Optional(OneLine({ maxLength: 64 })),
  // Campaign parameters copied from the address the person arrived by: kept as they came.
  source_attribution: Type.Optional(Type.Record(Type.String(), Type.String({ maxLength: 256 }))),
  invitation_code: Type.Optional(
    OneLine({
      minLength: 1,
      maxLength: 64,
      description: 'A beta invitation: required while sign-up is invite-only',
    }),
  ),
});
export type RegisterRequest = Type.Static<typeof RegisterRequest>;

export const LoginRequest = Type.Object({
  username: OneLine({ minLength: 1, maxLength: 254, description: 'A username or an email address' }),
  password: Password,
  device_id: Type.Optional(OneLine({ maxLength: 128 })),
});
export type LoginRequest = Type.Static<typeof LoginRequest>;

export const RefreshRequest = Type.Object({ refresh_token: OneLine({ minLength: 1, maxLength: 512 }) });
export const LogoutRequest = Type.Object({ refresh_token: Type.Optional(OneLine({ maxLength: 512 })) });
export const EmailRequest = Type.Object({ email: Email });
export const ChangePasswordRequest = Type.Object({ old_password: Password, new_password: Password });
export const ResetPasswordRequest = Type.Object({
  token: OneLine({ minLength: 1, maxLength: 512 }),
  new_password: Password,
});

export const AuthResponse = Type.Object({
  user: User,
  access_token: Type.String(),
  refresh_token: Type.String(),
  expires_in: Type.Integer({ description: 'Seconds until the access token expires' }),
  token_type: Type.Literal('Bearer'),
});
export type AuthResponse = Type.Static<typeof AuthResponse>;

export const Acknowledgement = Type.Object({ ok: Type.Literal(true), message: Type.String() });
export type Acknowledgement = Type.Static<typeof Acknowledgement>;

export const VerifyResponse = Type.Object({
  verified: Type.Literal(true),
  user_id: Type.String(),
  already_verified: Type.Boolean({
    description: 'The link had been used (or had expired) but the address is verified: nothing changed',
  }),
});

export const OAuthUrlResponse = Type.Object({
  url: Type.String(),
  state: Type.String(),
  provider: Type.Enum([...OAUTH_PROVIDERS]),
});
export type OAuthUrlResponse = Type.Static<typeof OAuthUrlResponse>;

export const VisitorSessionResponse = Type.Object({
  session_id: Type.String(),
  session_token: Type.String({
    description: 'Send as the x-visitor-session header where cookies are not kept',
  }),
});
export type VisitorSessionResponse = Type.Static<typeof VisitorSessionResponse>;

export const VISITOR_SESSION_HEADER = 'x-visitor-session';
