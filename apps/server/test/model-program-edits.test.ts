/**
 * A design a language model wrote (the http provider, here a local OpenAI-compatible server with a
 * canned program) offers more than colours: its size and each part's height and width, measured
 * from the program and bounded. The owner's values are checked strictly (a value out of bounds or
 * a control the design does not have is a 400 naming the field, nothing stored); the rebuild goes
 * through the same model job as a library design and starts from the program the model wrote, so
 * the model is not asked again; "design again" does ask it again.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, register } from './support/auth-helpers';
import { createDraft, drain, job } from './support/create-helpers';
import { createTestApp, type TestApp } from './support/test-app';

const PROGRAM = {
  version: 1,
  name: 'obelisk',
  bounds: [6, 6, 20],
  parts: [
    { name: 'base', paint: { colour: 'dark-grey' }, shape: { type: 'box', at: [0, 0, 0], size: [6, 6, 2] } },
    { name: 'needle', paint: { colour: 'tan' }, shape: { type: 'box', at: [2, 2, 2], size: [2, 2, 18] } },
  ],
};

describe('editing a model-written design', () => {
  let t: TestApp;
  let token: string;
  let server: http.Server;
  let asked = 0;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        asked++;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ choices: [{ message: { content: JSON.stringify(PROGRAM) } }] }));
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

  const generate = async (id: string) => {
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/design-drafts/${id}/model-jobs`,
      headers: bearer(token),
    });
    expect(started.statusCode, started.body).toBe(202);
    await drain(t);
    return job(t.app, token, started.json().id);
  };
  const patch = (id: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url: `/api/design-drafts/${id}`, headers: bearer(token), payload });

  it('offers size and part dimensions, checks them strictly, and rebuilds from the same program', async () => {
    const draft = await createDraft(t.app, token, {
      mode: 'B',
      prompt: 'a stone obelisk',
      settings: { size: 20 },
    });
    const first = await generate(draft.id);
    expect(first.status).toBe('succeeded');
    expect(asked).toBe(1);
    const written = first.artefacts.generation.design.variants[0];
    expect(first.artefacts.generation).toMatchObject({ provider: 'http', fallback: null });
    expect(written).toMatchObject({ recipe: null, source: PROGRAM });
    expect(written.parameters.map((p: { id: string }) => p.id)).toEqual([
      'size',
      'base-height',
      'base-width',
      'needle-height',
      'needle-width',
    ]);
    expect(written.parameters.find((p: { id: string }) => p.id === 'needle-height')).toMatchObject({
      min: 9,
      max: 36,
      value: 18,
    });

    // Refused, naming each field, and nothing stored.
    const refused = await patch(draft.id, {
      settings: { design: { variant: 0, params: { 'needle-height': 37, 'roof-height': 3 } } },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details.fields).toEqual({
      'settings.design.params.needle-height': 'must be between 9 and 36',
      'settings.design.params.roof-height': 'is not a parameter of this design',
    });
    const unchanged = (
      await t.app.inject({ url: `/api/design-drafts/${draft.id}`, headers: bearer(token) })
    ).json();
    expect(unchanged.settings.design).toBeNull();
    expect(unchanged.stage).toBe('kit_ready');

    // A taller base and needle, a red needle: rebuilt by the model job from the program written.
    const edited = await patch(draft.id, {
      settings: {
        design: { variant: 0, params: { 'base-height': 3, 'needle-height': 24 }, colours: { needle: 'red' } },
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // Edits on top of edits are still checked against the design they were made on.
    const again = await patch(draft.id, {
      settings: { design: { variant: 0, params: { 'base-height': 5 } } },
    });
    expect(again.statusCode).toBe(400);
    const rebuilt = await generate(draft.id);
    expect(rebuilt.status).toBe('succeeded');
    expect(asked).toBe(1);
    const chosen = rebuilt.artefacts.generation.design.variants[0];
    expect(chosen.source).toEqual(PROGRAM);
    expect(chosen.program.bounds).toEqual([6, 6, 27]);
    expect(chosen.parameters.find((p: { id: string }) => p.id === 'needle-height').value).toBe(24);
    expect(chosen.parts.find((p: { name: string }) => p.name === 'needle').colour).toBe('red');
    const stored = (
      await t.app.inject({ url: `/api/design-drafts/${draft.id}`, headers: bearer(token) })
    ).json();
    expect(stored.stage).toBe('kit_ready');
    expect(stored.artefacts.summary.colours).toContain('red');

    // "Design again" is another answer: the model is asked again.
    const nextSeed =
      Math.max(...rebuilt.artefacts.generation.design.variants.map((v: { seed: number }) => v.seed)) + 1;
    expect((await patch(draft.id, { settings: { design: { seed: nextSeed } } })).statusCode).toBe(200);
    expect((await generate(draft.id)).status).toBe('succeeded');
    expect(asked).toBe(2);
  });
});
