/**
 * A module's face: what one module of apps/server/src/modules gives the rest of the system, declared
 * in its `face.ts` (docs/architecture.md, "A module's face"). compose.ts makes the faces in one
 * ordered list, each from the platform parts and the narrow apis of earlier faces, and collects
 * their routes, jobs, prune tasks and personal-data parts by walking that list.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AccountExport, JobType } from '@kitwright/contracts';
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { Transaction } from 'kysely';
import type { TSchema } from 'typebox';
import type { DB } from '../db/schema';
import type { Actor, AuditWriter } from './audit';
import type { JobDefinition } from './jobs';

/** The HTTP application as route plugins see it: typed by the TypeBox provider. */
export type ApiApp = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/** What app.ts hands a face's routes when it registers them. */
export interface RouteContext {
  /** The typed instance: `app.register(plugin, options)`. */
  app: ApiApp;
  /** The same instance untyped, for what is served beside the route plugins (the web app's files). */
  base: FastifyInstance;
  /** The web app's index.html, or null when this process does not serve the app. */
  shell: () => Promise<string | null>;
}

/** A kind of work the job runner runs (each a contract job type). */
export type AppJob = JobDefinition<TSchema, TSchema, JobType>;

/** Deletes one batch of a table's expired rows as of `now`, at most `limit`; returns how many went. */
export interface PruneTask {
  table: string;
  pruneBatch(now: Date, limit: number): Promise<number>;
}

/** Whose data an export gathers: the account and the visitor sessions and sessions it holds. */
export interface ExportSubject {
  userId: string;
  locale: string | null;
  visitorIds: readonly string[];
  sessionIds: readonly string[];
}

/** The parts of the account export a module writes (the envelope and the account's own are not). */
export type ExportSections = Omit<
  AccountExport,
  | 'format'
  | 'version'
  | 'exported_at'
  | 'account'
  | 'identities'
  | 'sessions'
  | 'visitor_sessions'
  | 'consents'
> & { consents: Omit<AccountExport['consents'], 'analytics'> };

/** One module's sections of the export; consents are merged section by section. */
export type ExportPart = Partial<Omit<ExportSections, 'consents'>> & {
  consents?: Partial<ExportSections['consents']>;
};

/** Whom an erasure removes, inside its one audited transaction. */
export interface ErasureSubject {
  trx: Transaction<DB>;
  userId: string;
  visitorIds: readonly string[];
  /** The account's address, as locked for the erasure. */
  email: string;
  /** The account's pseudonymous reference: what kept records and audit entries name it by. */
  ref: string;
  actor: Actor;
  audit: AuditWriter;
}

/** What an erasure counts: the response's `removed` (with the sessions auth reports) and the audit's details. */
export const ERASURE_COUNTS = [
  'listings',
  'drafts',
  'files',
  'saves',
  'notifications',
  'reservations_cancelled',
  'others_reservations_closed',
  'support_conversations_kept',
  'beta_feedback_anonymised',
] as const;
export type ErasureCounts = Record<(typeof ERASURE_COUNTS)[number], number>;

/** What one module's erasure did: its counts, and what it does once the transaction has committed. */
export interface ErasurePart {
  counts?: Partial<ErasureCounts>;
  afterCommit?: () => Promise<unknown>;
}

/** A module's part of a person's rights (access, erasure) and of a visitor's sign-in. */
export interface PersonalDataPart {
  /** The module's sections of the person's export. */
  export?(subject: ExportSubject): Promise<ExportPart>;
  /** Removes or detaches the person's rows; run in reverse list order (dependents first). */
  erase?(subject: ErasureSubject): Promise<ErasurePart>;
  /** Moves what a visitor session owns to the account that claims it, in the sign-in transaction. */
  claim?(trx: Transaction<DB>, visitorId: string, userId: string): Promise<unknown>;
}

/** What one module gives the rest of the system. */
export interface ModuleFace<Api = unknown> {
  name: string;
  /** The narrow interface other modules and app.ts call: only the methods they use. */
  api: Api;
  routes?: (ctx: RouteContext) => PromiseLike<unknown>;
  jobs?: readonly AppJob[];
  prune?: readonly PruneTask[];
  personalData?: PersonalDataPart;
}

/**
 * A hook an earlier module offers and a later one fills: how a cycle is broken without a deferred
 * reference. Calling it before it is provided is a wiring error.
 */
export function providedLater<A extends unknown[], R>(
  name: string,
): { provide(impl: (...args: A) => R): void; call: (...args: A) => R } {
  let impl: ((...args: A) => R) | null = null;
  return {
    provide(fn) {
      if (impl) throw new Error(`${name} is already provided`);
      impl = fn;
    },
    call: (...args) => {
      if (!impl) throw new Error(`${name} is not provided: the module that fills it is not composed`);
      return impl(...args);
    },
  };
}
