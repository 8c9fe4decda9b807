/**
 * When the model's endpoint fails (here a local server answering HTML), the prompt design falls
 * back to the design library and the job still succeeds, and the failure is not silent: it is
 * logged and recorded as the generation provider's error event under the correlation id of the
 * request that started the job (issue 42).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, register } from './support/auth-helpers';
import { createDraft, drain, job } from './support/create-helpers';
import { createTestApp, type TestApp } from './support/test-app';

describe('a failing generation endpoint', () => {
  let t: TestApp;
  let token: string;
  let server: http.Server;
  let asked = 0;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        asked++;
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<html><body>Sign in to continue</body></html>');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    t = await createTestApp({
      env: {
        GENERATION_PROVIDER: 'http',
        GENERATION_HTTP_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
        GENERATION_HTTP_MODEL: 'test-model',
      },
    });
    token = (await register(t.app)).access_token;
  });
  afterAll(async () => {
    await t.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('falls back to the library, and logs and records the failure with the correlation id', async () => {
    const draft = await createDraft(t.app, token, {
      mode: 'B',
      prompt: 'a tall lighthouse',
      settings: { size: 20 },
    });
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/design-drafts/${draft.id}/model-jobs`,
      headers: bearer(token),
    });
    expect(started.statusCode, started.body).toBe(202);
    const correlationId = started.headers['x-request-id'];
    await drain(t);
    const done = await job(t.app, token, started.json().id);
    expect(asked).toBe(1);
    expect(done.status).not.toBe('failed');
    expect(done.artefacts.generation).toMatchObject({
      provider: 'procedural',
      fallback: 'http: the answer is text/html, not JSON',
    });
    await t.flush();
    await expect
      .poll(() =>
        t.database.db
          .selectFrom('error_events')
          .select(['code', 'route', 'correlation_id', 'source', 'message'])
          .where('kind', '=', 'provider')
          .execute(),
      )
      .toEqual([
        {
          code: 'PROVIDER_GENERATION_FAILED',
          route: 'provider:generation.propose',
          correlation_id: correlationId,
          source: 'worker',
          message: 'generation.propose fell back: http: the answer is text/html, not JSON',
        },
      ]);
    const line = t.logs.map((l) => JSON.parse(l)).find((l) => l.msg === 'provider call fell back');
    expect(line).toMatchObject({
      provider: 'generation',
      operation: 'propose',
      correlation_id: correlationId,
      reason: 'http: the answer is text/html, not JSON',
    });
  });
});
