/**
 * Route options for an operation of the contracts: its method, path and schemas come from
 * `@kitwright/contracts` (so the server, the OpenAPI document and the SDK cannot disagree); the
 * route adds only its documentation. Used as `app.route({ ...operation('getJob', doc), handler })`
 * inside a typed plugin, which types `request.params/query/body` and the reply from the schemas.
 */

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorEnvelope,
  OPERATION_SCHEMAS,
  OPERATIONS,
  type OperationName,
  type OperationSchemas,
  type Role,
} from '@kitwright/contracts';
import type { FastifyRequest } from 'fastify';
import { requireRole, requireUser } from './viewer';

export interface OperationDoc {
  tags: string[];
  summary: string;
  description?: string;
  /**
   * Who may call it: a signed-in user, or at least a role. Checked before the request is
   * validated, so someone without access learns only 401/403, never which fields would be wrong.
   */
  auth?: 'user' | Role;
}

type Schemas<N extends OperationName> = OperationSchemas[N];
type Picked<N extends OperationName, K extends string> =
  Schemas<N> extends { [P in K]: infer S } ? S : undefined;
type ErrorResponses<N extends OperationName> = {
  [S in Schemas<N>['errors'][number]]: typeof ErrorEnvelope;
};

/** Methods whose requests may carry a body, read by Fastify whatever the route expects. */
const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The error statuses an operation documents: its own refusals, and those any request may get.
 * Any request may be malformed (400: its address, query or body) or have an address or headers
 * over Node's limit (431, answered before routing, so for every operation); one that may carry a
 * body may send too much (413) or a type the route does not read (415); one that needs a sign-in or
 * a role may be refused for it (401, 403).
 */
export function documentedErrors(method: string, own: readonly number[], needsAuth: boolean): Set<number> {
  return new Set(
    [...own, 400, 431, ...(WITH_BODY.has(method) ? [413, 415] : []), ...(needsAuth ? [401, 403] : [])].sort(
      (a, b) => a - b,
    ),
  );
}

export function operation<N extends OperationName>(name: N, { auth, ...doc }: OperationDoc) {
  const { method, path } = OPERATIONS[name];
  const s: {
    params?: unknown;
    query?: unknown;
    body?: unknown;
    response: Record<number, unknown>;
    errors: readonly number[];
    bearer?: boolean;
    consumes?: readonly string[];
    produces?: string;
  } = OPERATION_SCHEMAS[name];
  const errors = Object.fromEntries(
    [...documentedErrors(method, s.errors, auth !== undefined)].map((status) => [status, ErrorEnvelope]),
  );
  // An answer that is not JSON is documented with its own media type (errors stay JSON).
  const produces = s.produces;
  const success = produces
    ? Object.fromEntries(
        Object.entries(s.response).map(([status, schema]) => [
          status,
          {
            description: (schema as { description?: string }).description ?? 'Success',
            content: { [produces]: { schema } },
          },
        ]),
      )
    : s.response;
  return {
    method,
    url: path,
    ...(auth
      ? {
          // Before the body is even read: no one learns from validation what they may not call.
          onRequest: async (request: FastifyRequest) => {
            await (auth === 'user' ? requireUser(request) : requireRole(request, auth));
          },
        }
      : {}),
    schema: {
      operationId: name,
      ...doc,
      ...(s.bearer ? { security: [{ bearer: [] }] } : {}),
      ...(s.consumes ? { consumes: [...s.consumes] } : {}),
      ...(s.params ? { params: s.params } : {}),
      ...(s.query ? { querystring: s.query } : {}),
      ...(s.body ? { body: s.body } : {}),
      response: { ...success, ...errors },
    } as {
      operationId: N;
      tags: string[];
      summary: string;
      params: Picked<N, 'params'>;
      querystring: Picked<N, 'query'>;
      body: Picked<N, 'body'>;
      response: Schemas<N>['response'] & ErrorResponses<N>;
    },
  };
}

/** A module's routes: a Fastify plugin typed by the TypeBox provider, given what it calls. */
export type RoutesPlugin<Deps extends object> = FastifyPluginAsyncTypebox<Deps>;
