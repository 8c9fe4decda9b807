/**
 * Mode B through the design language, over the HTTP API: a prompt's draft keeps three variants with
 * their programs, what was understood and what was ignored; the owner picks a variant, changes a
 * part's colour and a parameter, and the rebuilt kit has them; edits the design does not have are
 * refused with a 400 naming the field, never stored.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, register } from './support/auth-helpers';
import { createDraft, drain, job } from './support/create-helpers';
import { createTestApp, type TestApp } from './support/test-app';

describe('prompt designs: variants and edits', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await register(t.app)).access_token;
  });
  afterAll(async () => t.close());

  const get = async (id: string) =>
    (await t.app.inject({ url: `/api/design-drafts/${id}`, headers: bearer(token) })).json();
  const generate = async (id: string) => {
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/design-drafts/${id}/model-jobs`,
      headers: bearer(token),
    });
    expect(started.statusCode).toBe(202);
    await drain(t);
    return job(t.app, token, started.json().id);
  };
  const patch = (id: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url: `/api/design-drafts/${id}`, headers: bearer(token), payload });

  it('keeps three variants with their programs, and rebuilds with the variant, colours and parameters chosen', async () => {
    const draft = await createDraft(t.app, token, {
      mode: 'B',
      prompt: 'a red lighthouse for my desk',
      settings: { size: 20 },
    });
    const done = await generate(draft.id);
    // Part of the prompt was not used: the job itself ends degraded, with the reason.
    expect(done.status).toBe('degraded');
    expect(done.degraded_reason).toContain('desk');
    const generation = done.artefacts.generation;
    // "desk" is not used by any design: said, and the result is degraded rather than a success.
    expect(generation).toMatchObject({ status: 'degraded', provider: 'procedural', fallback: null });
    expect(generation.interpretation).toMatchObject({ template: 'lighthouse', ignored: ['desk'] });
    expect(generation.interpretation.understood).toEqual(
      expect.arrayContaining(['design: lighthouse', 'colour: red']),
    );
    expect(generation.design.chosen).toBe(0);
    expect(generation.design.variants).toHaveLength(3);
    const [first, second] = generation.design.variants;
    expect(first.program).toMatchObject({ version: 1, name: 'lighthouse' });
    expect(first.parameters.map((p: { id: string }) => p.id)).toEqual(['stripes', 'taper', 'gallery']);
    expect(first.parts.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['tower', 'roof', 'lamp room']),
    );
    const stored = await get(draft.id);
    expect(stored.validation.generation.design.variants[1].program).toEqual(second.program);
    expect(stored.artefacts.summary.colours).toContain('red');

    // Pick the second variant, paint its roof purple and give it 6 stripes.
    const edited = await patch(draft.id, {
      settings: { design: { variant: 1, colours: { roof: 'purple' }, params: { stripes: 6 } } },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().settings.design).toEqual({
      variant: 1,
      colours: { roof: 'purple' },
      params: { stripes: 6 },
    });
    expect(edited.json().artefacts.summary).toBeNull();
    const rebuilt = (await generate(draft.id)).artefacts.generation;
    expect(rebuilt.design.chosen).toBe(1);
    const chosen = rebuilt.design.variants[1];
    expect(chosen.parameters.find((p: { id: string }) => p.id === 'stripes').value).toBe(6);
    expect(chosen.parts.find((p: { name: string }) => p.name === 'roof').colour).toBe('purple');
    expect(chosen.program.parts.find((p: { name: string }) => p.name === 'roof').paint).toEqual({
      colour: 'purple',
    });
    expect((await get(draft.id)).artefacts.summary.colours).toContain('purple');

    // "Design again": another seed gives other variants.
    await patch(draft.id, { settings: { design: { seed: 3 } } });
    const again = (await generate(draft.id)).artefacts.generation;
    expect(again.design.variants[0].seed).toBeGreaterThanOrEqual(3);
    expect(again.design.variants[0].program).not.toEqual(first.program);
  });

  it('refuses edits the design does not have, naming each field, and keeps the draft as it was', async () => {
    const draft = await createDraft(t.app, token, {
      mode: 'B',
      prompt: 'a blue car',
      settings: { size: 16 },
    });
    await generate(draft.id);
    const before = await get(draft.id);
    const bad = await patch(draft.id, {
      settings: { design: { colours: { wings: 'red', body: 'mauve' }, params: { cabin: 99, sails: 2 } } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: {
        fields: {
          'settings.design.colours.wings': 'is not a part of this design',
          'settings.design.colours.body': 'is not a block colour',
          'settings.design.params.cabin': 'must be between 30 and 60',
          'settings.design.params.sails': 'is not a parameter of this design',
        },
      },
    });
    const extra = await patch(draft.id, { settings: { design: { variant: 3 } } });
    expect(extra.statusCode).toBe(400);
    expect(await get(draft.id)).toEqual(before);
  });

  it('gives the design the mesher CLI gives for the same prompt, size and seed (one prompt engine)', async () => {
    const cli = path.resolve(import.meta.dirname, '../../../packages/mesher/bin/kitwright-mesh.mjs');
    const dir = mkdtempSync(path.join(tmpdir(), 'kitwright-cli-'));
    /** The CLI's kit file and the design it reports (--json), for a prompt at size 32 and a seed. */
    const fromCli = async (prompt: string, seed: number) => {
      const out = path.join(dir, `kit-${seed}.json`);
      const { stdout } = await promisify(execFile)(process.execPath, [
        cli,
        '--prompt',
        prompt,
        '--size',
        '32',
        '--seed',
        String(seed),
        '--out',
        out,
        '--json',
      ]);
      const json = JSON.parse(stdout.slice(stdout.indexOf('\n{') + 1, stdout.lastIndexOf('\n}') + 2));
      return { kit: readFileSync(out, 'utf8'), design: json.design };
    };
    const prompt = 'a small blue car';
    const draft = await createDraft(t.app, token, { mode: 'B', prompt, settings: { size: 32 } });
    const kitOf = async () => {
      const stored = await get(draft.id);
      return (await t.app.inject({ url: stored.artefacts.kit_url, headers: bearer(token) })).body;
    };
    for (const seed of [0, 3]) {
      if (seed > 0) await patch(draft.id, { settings: { design: { seed } } });
      const served = (await generate(draft.id)).artefacts.generation;
      const local = await fromCli(prompt, seed);
      // The design library, not a box: a car, as the server made it, block for block.
      expect(served.interpretation.template).toBe('car');
      expect(
        local.design.variants.map((v: { design: string; program: unknown }) => [v.design, v.program]),
      ).toEqual(
        served.design.variants.map((v: { design: string; program: unknown }) => [v.design, v.program]),
      );
      expect(local.kit).toBe(await kitOf());
    }
  });

  it('answers a prompt naming no design the library has at once, with the nearest designs, making nothing', async () => {
    const count = async () =>
      (
        await sql<{ drafts: number; jobs: number }>`
          SELECT (SELECT count(*)::int FROM design_drafts) AS drafts, (SELECT count(*)::int FROM jobs) AS jobs`.execute(
          t.database.db,
        )
      ).rows[0];
    const before = await count();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/design-drafts',
      headers: bearer(token),
      payload: { mode: 'B', prompt: 'a zebra', settings: { size: 24 } },
    });
    expect(res.statusCode).toBe(422);
    const error = res.json().error;
    expect(error).toMatchObject({ code: 'NO_DESIGN', details: { source: 'prompt', word: 'zebra' } });
    expect(error.message).toMatch(/^No design called "zebra" yet\. Nearest designs: horse/);
    expect(error.details.suggestions[0]).toEqual({ design: 'horse', name: 'horse' });
    expect(await count()).toEqual(before);
    // In French, the names offered are French; a name plate is made when it is asked for.
    const fr = await t.app.inject({
      method: 'POST',
      url: '/api/design-drafts',
      headers: bearer(token),
      payload: { mode: 'B', prompt: 'un zèbre', source_language: 'fr' },
    });
    expect(fr.json().error.details.suggestions.map((s: { name: string }) => s.name)).toContain('maison');
    const plate = await createDraft(t.app, token, { mode: 'B', prompt: 'a name plate saying "zebra"' });
    expect((await generate(plate.id)).artefacts.generation.interpretation.template).toBe('nameplate');
    // Changing a draft's prompt to one the library cannot make is refused the same way, and changes nothing.
    const kept = await get(plate.id);
    const changed = await patch(plate.id, { prompt: 'a purple flumph' });
    expect(changed.statusCode).toBe(422);
    expect(changed.json().error.code).toBe('NO_DESIGN');
    expect(await get(plate.id)).toEqual(kept);
  });

  it('refuses design edits on an upload’s draft', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/design-drafts',
      headers: bearer(token),
      payload: { mode: 'A', settings: { design: { variant: 1 } } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields).toEqual({
      'settings.design': 'is only for a prompt-based draft',
    });
  });
});
