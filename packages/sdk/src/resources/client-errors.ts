/** `kw.clientErrors`: crashes and failed requests, to the server's error tracker. */
import type { OperationBody } from '@kitwright/contracts';
import type { ApiClient } from '../api-client';
import { type CallOptions, call } from './call';

export type ClientErrorReport = OperationBody<'reportClientError'>;

export function clientErrorsResource(api: ApiClient) {
  return {
    /**
     * Reports a crash or a failed request, with its correlation id. Sent with keepalive (so a report
     * made as the page closes still leaves) unless `keepalive: false`.
     */
    report(report: ClientErrorReport, options?: CallOptions) {
      return call(api, 'reportClientError', { body: report, keepalive: true, ...options });
    },
  };
}

export type ClientErrorsResource = ReturnType<typeof clientErrorsResource>;
