/**
 * Who the fuzzer is while it sends an operation's requests: nobody (anonymous), a visitor session,
 * a signed-up user, a member of staff or a founder. Staff and founder accounts are made the way
 * the server makes accounts with a role (the demo accounts' seed: verified, a known password) and
 * signed in through the API; the user signs up through the API, anew for each operation.
 *
 * The fuzzer's own sign-ins come from an address of their own, so the sign-in limits its fuzzed
 * logins run into (random names from 127.0.0.1) never lock it out. After each operation the
 * session is checked (GET /api/v1/users/me, or the visitor session asked for again) and, when an
 * operation took it (signed out, revoked, the role changed, the account erased), made again.
 */
import { type AuthResponse, type Role, VISITOR_SESSION_HEADER } from '@kitwright/contracts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../apps/server/src/db/schema';
import { ensureDemoAccounts } from '../apps/server/src/modules/auth/demo-accounts';

export const ROLES = ['anonymous', 'visitor', 'user', 'staff', 'founder'] as const;
export type FuzzRole = (typeof ROLES)[number];

/** Where the fuzzer's own sign-ins and visitor sessions come from (its fuzzed requests: 127.0.0.1). */
const OWN_ADDRESS = '10.77.0.1';
const PASSWORD = 'fuzzing-password-1';

export interface Identity {
  role: FuzzRole;
  /** The headers to send the next operation's requests with. */
  headers(): Promise<Record<string, string>>;
  /** After an operation: checks the session still holds, and makes it again if not (then true). */
  settle(): Promise<boolean>;
}

type Inject = FastifyInstance['inject'];

async function json<T>(res: Awaited<ReturnType<Inject>>, what: string, ok: number[]): Promise<T> {
  if (!ok.includes(res.statusCode)) throw new Error(`fuzz: ${what} answered ${res.statusCode}: ${res.body}`);
  return res.json() as T;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export function identityFor(role: FuzzRole, app: FastifyInstance, db: Kysely<DB>): Identity {
  const inject: Inject = app.inject.bind(app);
  const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

  async function signUp(): Promise<string> {
    const username = `fuzz${unique()}`;
    const res = await inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      remoteAddress: OWN_ADDRESS,
      payload: { username, email: `${username}@example.com`, password: PASSWORD, display_name: 'Fuzz' },
    });
    return (await json<AuthResponse>(res, 'signing up the fuzzing user', [201])).access_token;
  }

  if (role === 'anonymous') return { role, headers: async () => ({}), settle: async () => false };

  if (role === 'user') {
    // A fresh person for each operation: per-person limits and what an earlier operation did to
    // the last one (signed out, deleted) do not carry over.
    return { role, headers: async () => bearer(await signUp()), settle: async () => false };
  }

  if (role === 'visitor') {
    let token: string | null = null;
    const session = async (current: string | null) => {
      const res = await inject({
        method: 'POST',
        url: '/api/v1/auth/anonymous',
        remoteAddress: OWN_ADDRESS,
        headers: current ? { [VISITOR_SESSION_HEADER]: current } : {},
      });
      // 200: the session presented still holds; 201: a new one (none, or it was claimed by a sign-up).
      const body = await json<{ session_token: string }>(res, 'starting a visitor session', [200, 201]);
      return { token: body.session_token, renewed: res.statusCode === 201 };
    };
    return {
      role,
      async headers() {
        token ??= (await session(null)).token;
        return { [VISITOR_SESSION_HEADER]: token };
      },
      async settle() {
        const next = await session(token);
        const renewed = token !== null && next.renewed;
        token = next.token;
        return renewed;
      },
    };
  }

  // Staff and founder: one account for the run, signed in again only when an operation took it.
  const wanted: Role = role;
  let generation = 0;
  let username = '';
  let token: string | null = null;
  async function newAccount() {
    generation++;
    username = `fuzz_${wanted}_${unique()}_${generation}`;
    await ensureDemoAccounts(
      db,
      [{ username, email: `${username}@example.com`, display_name: `Fuzz ${wanted}`, role: wanted }],
      PASSWORD,
    );
  }
  async function signIn(): Promise<string> {
    if (!username) await newAccount();
    const attempt = () =>
      inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        remoteAddress: OWN_ADDRESS,
        payload: { username, password: PASSWORD },
      });
    let res = await attempt();
    if (res.statusCode !== 200) {
      // The account is gone or no longer signs in with this password: a new one, with the role.
      await newAccount();
      res = await attempt();
    }
    const auth = await json<AuthResponse>(res, `signing in the fuzzing ${wanted}`, [200]);
    // The run means nothing for this role unless the session really carries it.
    if (!auth.user.roles.includes(wanted))
      throw new Error(`fuzz: the ${wanted} account signed in with roles ${auth.user.roles.join(', ')}`);
    return auth.access_token;
  }
  return {
    role,
    async headers() {
      token ??= await signIn();
      return bearer(token);
    },
    async settle() {
      if (!token) return false;
      const me = await inject({
        url: '/api/v1/users/me',
        remoteAddress: OWN_ADDRESS,
        headers: bearer(token),
      });
      const roles = me.statusCode === 200 ? (me.json() as { roles: Role[] }).roles : [];
      if (roles.includes(wanted)) return false;
      // Its role was changed, or its session revoked: sign in again (a new account if need be).
      if (me.statusCode === 200) await newAccount();
      token = await signIn();
      return true;
    },
  };
}
