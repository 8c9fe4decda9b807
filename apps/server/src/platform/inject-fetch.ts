/**
 * A fetch answered by the app in this process (Fastify's inject), so a tool can use the SDK against
 * the API without a network or a port: the demo seed talks to the API exactly as the app does.
 * Each call may give its own client address (visitors of a seed come from different places).
 */
import type { FastifyInstance } from 'fastify';

export function injectFetch(app: FastifyInstance, remoteAddress = '127.0.0.1') {
  return async (input: string, init: RequestInit = {}): Promise<Response> => {
    // Request serialises whatever body fetch accepts (JSON text, FormData with its boundary).
    const request = new Request(input, init);
    const url = new URL(request.url);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const headers: Record<string, string> = {};
    request.headers.forEach((value, key) => {
      headers[key] = value;
    });
    const res = await app.inject({
      method: request.method as 'GET',
      url: `${url.pathname}${url.search}`,
      headers,
      remoteAddress,
      ...(body ? { payload: body } : {}),
    });
    const out = new Headers();
    for (const [key, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) out.append(key, String(v));
    }
    const empty = res.statusCode === 204 || res.statusCode === 304 || res.rawPayload.length === 0;
    return new Response(empty ? null : new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers: out,
    });
  };
}
