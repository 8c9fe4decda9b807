/**
 * What a failure report carries, wherever it came from (a request, a job, the app). The error
 * tracker provider receives these; platform code reports through a `CaptureError` it is given.
 */
export interface ErrorEvent {
  source: 'server' | 'worker' | 'client';
  /** What failed: request, crash, job... */
  kind: string;
  message: string;
  code?: string | null | undefined;
  status?: number | null | undefined;
  stack?: string | null | undefined;
  /** A route pattern, worker stage or app screen; never a full URL with its query. */
  route?: string | null | undefined;
  correlationId?: string | null | undefined;
  release?: string | null | undefined;
  /** A pseudonymous reference (user:<id> or visitor:<id>), never a name or email. */
  actor?: string | null | undefined;
}

/** Records a failure; never throws and never waits for the network on the caller's path. */
export type CaptureError = (event: ErrorEvent) => void;
