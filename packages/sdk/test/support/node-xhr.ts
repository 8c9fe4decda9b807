/**
 * An XMLHttpRequest for Node over node:http, with the parts the SDK uses, so the upload path of
 * browsers and React Native runs against the real server: the body goes out in small chunks and
 * `upload.onprogress` fires after each, as a browser's does. It keeps a log of what was sent.
 */
import http from 'node:http';
import type { XMLHttpRequestLike } from '../../src/index';

export interface XhrRecord {
  method: string;
  path: string;
  url: URL;
  headers: Record<string, string>;
  withCredentials: boolean;
  bodyBytes: number;
  status: number | null;
}

type ProgressHandler = (event: { loaded: number; total: number; lengthComputable: boolean }) => void;

export function nodeXhr(options: { chunkSize?: number; rewrite?: (record: XhrRecord) => void } = {}) {
  const chunkSize = options.chunkSize ?? 256;
  const requests: XhrRecord[] = [];

  class NodeXMLHttpRequest implements XMLHttpRequestLike {
    withCredentials = false;
    readonly upload: { onprogress: ProgressHandler | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    status = 0;
    statusText = '';
    responseText = '';
    private method = 'GET';
    private url = '';
    private readonly headers: Record<string, string> = {};
    private responseHeaders: http.IncomingHttpHeaders = {};
    private request: http.ClientRequest | null = null;
    private aborted = false;

    open(method: string, url: string): void {
      this.method = method;
      this.url = url;
    }

    setRequestHeader(name: string, value: string): void {
      this.headers[name.toLowerCase()] = value;
    }

    getResponseHeader(name: string): string | null {
      const value = this.responseHeaders[name.toLowerCase()];
      if (value === undefined) return null;
      return Array.isArray(value) ? value.join(', ') : value;
    }

    send(body?: unknown): void {
      void this.run(body).catch(() => {
        if (!this.aborted) this.onerror?.();
      });
    }

    abort(): void {
      this.aborted = true;
      this.request?.destroy();
    }

    private async run(body: unknown): Promise<void> {
      let bytes = Buffer.alloc(0);
      if (body instanceof FormData) {
        // Node's Response serialises a FormData as a browser would, boundary and all.
        const encoded = new Response(body);
        bytes = Buffer.from(await encoded.arrayBuffer());
        this.headers['content-type'] ??= encoded.headers.get('content-type') ?? '';
      } else if (typeof body === 'string') {
        bytes = Buffer.from(body);
      }
      const url = new URL(this.url);
      const record: XhrRecord = {
        method: this.method,
        path: url.pathname,
        url,
        headers: { ...this.headers },
        withCredentials: this.withCredentials,
        bodyBytes: bytes.length,
        status: null,
      };
      requests.push(record);
      options.rewrite?.(record);
      const request = http.request({
        method: this.method,
        hostname: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        headers: { ...record.headers, 'content-length': String(bytes.length) },
      });
      this.request = request;
      request.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          this.status = res.statusCode ?? 0;
          this.statusText = res.statusMessage ?? '';
          this.responseHeaders = res.headers;
          this.responseText = Buffer.concat(chunks).toString('utf8');
          record.status = this.status;
          this.onload?.();
        });
      });
      request.on('error', () => {
        if (!this.aborted) this.onerror?.();
      });
      for (let offset = 0; offset < bytes.length; offset += chunkSize) {
        const end = Math.min(offset + chunkSize, bytes.length);
        await new Promise<void>((resolve, reject) =>
          request.write(bytes.subarray(offset, end), (err) => (err ? reject(err) : resolve())),
        );
        this.upload.onprogress?.({ loaded: end, total: bytes.length, lengthComputable: true });
      }
      request.end();
    }
  }

  return {
    XMLHttpRequest: NodeXMLHttpRequest,
    requests,
    to(path: string): XhrRecord[] {
      return requests.filter((r) => r.path === path);
    },
  };
}
