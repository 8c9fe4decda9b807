/**
 * Files as people download them, uploaded in the browser: a Bambu Studio project 3MF (its object
 * in another model file, a modifier volume beside it, the top painted in a second filament) is
 * built in its filaments' colours with the modifier left out and said so, and a glTF as Sketchfab
 * downloads it (a ZIP of scene.gltf, scene.bin and a texture) is accepted by the picker and built
 * (issue 12, "accept what slicers accept", and the files a newcomer brings).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import {
  bambuThreeMf,
  box,
  cube,
  gltfFiles,
  png,
  texturedDocument,
} from '../../packages/mesher/test/helpers/model-fixtures';
import { chooseModel, signedIn } from '../support/create';
import { checkScreen, expect, test } from '../support/fixtures';

test('a Bambu Studio project and a Sketchfab glTF download are read as the person expects', async ({
  page,
  project,
}, testInfo) => {
  const dir = testInfo.outputPath();
  mkdirSync(dir, { recursive: true });
  // Top triangles of the box (the fixture's faces 2 and 3) painted in filament 2.
  const project3mf = path.join(dir, 'lamp-project.3mf');
  writeFileSync(
    project3mf,
    bambuThreeMf(
      [
        { mesh: box([0, 0, 0], [30, 20, 40]), subtype: 'normal_part', paint: { 2: '8', 3: '8' } },
        { mesh: cube(10, [10, 5, 35]), subtype: 'modifier_part' },
      ],
      { filaments: ['#0055BF', '#F2CD37'] },
    ),
  );
  const { json, files } = await gltfFiles(texturedDocument(cube(20), png(4, 4, [0x23, 0x78, 0x41])));
  const images = json.images as { uri: string }[];
  const texture = files[images[0]!.uri]!;
  images[0]!.uri = 'textures/Material_baseColor.png';
  const sketchfab = path.join(dir, 'little-box.zip');
  writeFileSync(
    sketchfab,
    zipSync({
      'source/little-box.glb.txt': strToU8('see scene.gltf'),
      'scene.gltf': strToU8(JSON.stringify(json)),
      'scene.bin': files['scene.bin']!,
      'textures/Material_baseColor.png': texture,
      'license.txt': strToU8('CC Attribution'),
    }),
  );

  const me = await signedIn(page, 'slicer');
  const summary = async () => {
    const id = new URL(page.url()).pathname.split('/').pop();
    const draft = await page.request.get(`/api/design-drafts/${id}`, {
      headers: { authorization: `Bearer ${me.auth.access_token}` },
    });
    return (await draft.json()).artefacts.summary as { colours: string[] };
  };
  await page.goto('/create/upload');
  await expect(page.getByText(/STL, OBJ, PLY, GLB, GLTF, 3MF/)).toBeVisible();
  await chooseModel(page, project3mf, 16);
  await page.getByTestId('upload-submit').click();
  await page.waitForURL(/\/create\/draft\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  const notes = page.getByTestId('mesh-notes');
  await expect(notes).toContainText(
    'Modifier, support and negative volumes from your slicer project were left out',
    {
      timeout: 30_000,
    },
  );
  await expect(page.getByTestId('model-job')).toContainText('Done', { timeout: 60_000 });
  await expect(page.getByTestId('kit-metrics')).toContainText('Fewer blocks');
  // Its colours are the filaments', blue below and yellow where the top is painted.
  expect((await summary()).colours.sort()).toEqual(['blue', 'yellow']);
  await checkScreen(page, project, 'create-draft-slicer-project');

  await page.goto('/create/upload');
  await chooseModel(page, sketchfab, 16);
  await expect(page.getByTestId('pick-error')).toHaveCount(0);
  await page.getByTestId('upload-submit').click();
  await page.waitForURL(/\/create\/draft\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(page.getByTestId('model-job')).toContainText('Done', { timeout: 60_000 });
  await expect(page.getByTestId('kit-metrics')).toContainText('Fewer blocks');
  expect((await summary()).colours).toEqual(['green']);
});
