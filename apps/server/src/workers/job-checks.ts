/**
 * The runner's checks of a job against its kind's schemas (platform/jobs.ts JobSpec): the stored
 * payload before the handler runs, the result before it is stored. A payload that does not match
 * (queued by older code, or written by hand) or a result that does not (a bug in the handler) is a
 * safe failure that is not retried, never a cast that reads garbage or stores a corrupt artefact.
 * The problems are named by path only, for the log: values (a prompt, a key) are never quoted.
 */
import { Compile } from 'typebox/compile';
import { JobError, type JobSpec } from '../platform/jobs';

export type Checked<T> = { ok: true; value: T } | { ok: false; problems: string[] };

export interface JobChecks {
  payload(value: unknown): Checked<unknown>;
  /** A result is also an object: it is the job's artefacts. */
  result(value: unknown): Checked<Record<string, unknown>>;
}

const MAX_PROBLEMS = 5;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Compiles a kind's two schemas once (the runner does this for each kind it runs). */
export function compileChecks(spec: Pick<JobSpec, 'payload' | 'result'>): JobChecks {
  const payload = Compile(spec.payload);
  const result = Compile(spec.result);
  const problems = (validator: typeof payload, value: unknown) =>
    validator
      .Errors(value)
      .slice(0, MAX_PROBLEMS)
      .map((e) => `${e.instancePath || '/'} ${e.message}`);
  return {
    payload: (value) =>
      payload.Check(value) ? { ok: true, value } : { ok: false, problems: problems(payload, value) },
    result(value) {
      if (!isObject(value)) return { ok: false, problems: ['/ must be an object'] };
      return result.Check(value) ? { ok: true, value } : { ok: false, problems: problems(result, value) };
    },
  };
}

/** The stored payload does not match the job's schema: the job cannot run, now or later. */
export function payloadInvalid(): JobError {
  return new JobError(
    'JOB_PAYLOAD_INVALID',
    'This job’s request could not be read, so it was not run.',
    false,
  );
}

/** The handler returned a result that does not match the job's schema: nothing is stored. */
export function resultInvalid(): JobError {
  return new JobError(
    'JOB_RESULT_INVALID',
    'Processing finished with a result that could not be used, so nothing was kept.',
    false,
  );
}
