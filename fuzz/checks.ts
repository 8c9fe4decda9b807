/**
 * What the fuzzer checks in each answer, and what it counts per role: never a 5xx; a status the
 * document lists for the operation; an error in the envelope; a JSON success that matches its
 * documented schema (Ajv, against the document).
 */
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { Operation, Sent } from './requests';

export interface Failure {
  role: string;
  op: string;
  problem: string;
  sent: Sent;
  status: number;
  answer: string;
}

export interface RoleStats {
  requests: number;
  byStatus: Record<string, number>;
  serverErrors: number;
  undocumented: number;
  outsideEnvelope: number;
  schemaMismatches: number;
  /** Answers 401 or 403: who may call was refused (sign-in, role, phase). */
  refused: number;
  /** The operations after which the role's session had to be made again (an operation took it). */
  recoveredAfter: string[];
}

export function emptyStats(): RoleStats {
  return {
    requests: 0,
    byStatus: {},
    serverErrors: 0,
    undocumented: 0,
    outsideEnvelope: 0,
    schemaMismatches: 0,
    refused: 0,
    recoveredAfter: [],
  };
}

const envelopeOk = (body: unknown) => {
  const e = (body as { error?: Record<string, unknown> } | null)?.error;
  return Boolean(
    e && typeof e.code === 'string' && typeof e.message === 'string' && typeof e.correlation_id === 'string',
  );
};

interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
  json(): unknown;
}

export function createChecker() {
  const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: true });
  addFormats(ajv);
  const validators = new Map<string, ValidateFunction | null>();
  function responseValidator(op: Operation, status: number): ValidateFunction | null {
    const key = `${op.id} ${status}`;
    if (!validators.has(key)) {
      const schema = op.responses[String(status)]?.content?.['application/json']?.schema;
      validators.set(key, schema ? ajv.compile(schema) : null);
    }
    return validators.get(key) ?? null;
  }

  /** Checks one answer, counting it in `stats`; the problems found (none when it is right). */
  return function check(op: Operation, res: Answer, stats: RoleStats): string[] {
    stats.requests++;
    stats.byStatus[res.statusCode] = (stats.byStatus[res.statusCode] ?? 0) + 1;
    if (res.statusCode === 401 || res.statusCode === 403) stats.refused++;
    if (res.statusCode >= 500) {
      stats.serverErrors++;
      return ['server error'];
    }
    const problems: string[] = [];
    if (!(String(res.statusCode) in op.responses)) {
      stats.undocumented++;
      problems.push(`status ${res.statusCode} is not documented`);
    }
    const type = String(res.headers['content-type'] ?? '');
    if (!type.includes('application/json')) return problems;
    let body: unknown;
    try {
      body = res.json();
    } catch {
      stats.outsideEnvelope++;
      return [...problems, 'the JSON answer does not parse'];
    }
    if (res.statusCode >= 400) {
      if (!envelopeOk(body)) {
        stats.outsideEnvelope++;
        problems.push('an error outside the envelope');
      }
      return problems;
    }
    const validate = responseValidator(op, res.statusCode);
    if (validate && !validate(body)) {
      stats.schemaMismatches++;
      problems.push(`the answer does not match its schema: ${ajv.errorsText(validate.errors).slice(0, 200)}`);
    }
    return problems;
  };
}
