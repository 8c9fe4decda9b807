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
  } = OPERATION_SCHEMAS[name];
  // Besides its own refusals, any request may be malformed (400: its address, query or body), and
  // one that needs a sign-in or a role may be refused for it (401, 403).
  const statuses = new Set([...s.errors, 400, ...(auth ? [401, 403] : [])]);
  const errors = Object.fromEntries([...statuses].map((status) => [status, ErrorEnvelope]));
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
      response: { ...s.response, ...errors },
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
