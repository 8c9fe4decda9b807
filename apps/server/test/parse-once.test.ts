/**
 * An upload is parsed and validated once: the model check at upload stores the validated mesh, and
 * the draft's model and block-kit jobs work from it (a model uploaded before meshes were stored
 * still builds, from its file).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMesherPool } from '../src/platform/mesher/pool';
import type { MesherTask } from '../src/platform/mesher/tasks';
import { register } from './support/auth-helpers';
import { kitReadyDraft } from './support/create-helpers';
import { createTestApp, type TestApp } from './support/test-app';

describe('one parse per upload', () => {
  let t: TestApp;
  const mesher = createMesherPool({ size: 2, memoryMb: 512 });
  const tasks: MesherTask[] = [];
  beforeAll(async () => {
    const run = mesher.run.bind(mesher);
    vi.spyOn(mesher, 'run').mockImplementation((task, options) => {
      tasks.push(task);
      return run(task, options);
    });
    t = await createTestApp({ mesher });
  });
  afterAll(async () => t.close());

  let token = '';
  it('reads the file at upload only; the jobs build from the stored, validated mesh', async () => {
    token = (await register(t.app)).access_token;
    const draft = await kitReadyDraft(t.app, t, token);
    expect(draft.stage).toBe('kit_ready');
    expect(draft.validation_state).toBe('valid');
    expect(tasks.map((task) => task.kind)).toEqual(['inspect', 'verify', 'pipeline']);
    const pipeline = tasks[2] as Extract<MesherTask, { kind: 'pipeline' }>;
    expect('stored' in pipeline.source).toBe(true);
    const file = await t.database.db
      .selectFrom('media_files')
      .select(['storage_key', 'validated_mesh'])
      .where('id', '=', draft.source_upload.id)
      .executeTakeFirstOrThrow();
    expect(file.validated_mesh).toMatchObject({ storage_key: `${file.storage_key}.kwmesh`, format: 'stl' });
    expect((file.validated_mesh as { report: { triangleCount: number } }).report.triangleCount).toBe(12);
  });

  it('still builds a model uploaded before validated meshes were stored, from its file', async () => {
    // What such an upload looks like: no validated mesh on record. The same person uploading the
    // same bytes gets that record back (one file per owner and content), so its jobs read the file.
    await t.database.db.updateTable('media_files').set({ validated_mesh: null }).execute();
    tasks.length = 0;
    const again = await kitReadyDraft(t.app, t, token);
    expect(again.stage).toBe('kit_ready');
    expect(tasks.map((task) => task.kind)).toEqual(['inspect', 'inspect', 'pipeline']);
    const pipeline = tasks[2] as Extract<MesherTask, { kind: 'pipeline' }>;
    expect('bytes' in pipeline.source).toBe(true);
  });
});
