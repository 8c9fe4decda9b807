/**
 * An STL as many exporters write it (every facet normal 0 0 0) is accepted by the upload in the
 * browser with a note, not refused; the kit is built in the pose the mesher chose, which the draft
 * screen states with its reason; the person turns the model with "Which way is up" and the kit is
 * rebuilt in that pose (issue 12: "accept what slicers accept", "pose ... overridable in the app").
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chooseModel, signedIn } from '../support/create';
import { checkScreen, expect, test } from '../support/fixtures';

const BUNNY = path.resolve(import.meta.dirname, '../../node_modules/stl-models/objects/bunny.bin.stl');

/** The 69,451-triangle bunny with every facet normal written as zero. */
function zeroNormalBunny(dir: string): string {
  const bytes = Buffer.from(readFileSync(BUNNY));
  const triangles = bytes.readUInt32LE(80);
  for (let t = 0; t < triangles; t++) bytes.fill(0, 84 + t * 50, 84 + t * 50 + 12);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'bunny-zero-normals.stl');
  writeFileSync(file, bytes);
  return file;
}

test('an STL without normals is accepted with a note; the chosen pose is stated, and turning the model rebuilds the kit', async ({
  page,
  project,
}, testInfo) => {
  const file = zeroNormalBunny(testInfo.outputPath());
  await signedIn(page, 'pose');

  await page.goto('/create/upload');
  await chooseModel(page, file, 16);
  await page.getByTestId('upload-submit').click();

  await page.waitForURL(/\/create\/draft\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  // Not refused: the zero normals are a note, in plain words.
  const notes = page.getByTestId('mesh-notes');
  await expect(notes).toContainText('stored no face directions', { timeout: 30_000 });
  await expect(notes).toContainText('as slicers do');

  // Built in the pose the mesher chose, with its reason: the bunny is drawn y-up in a z-up format.
  const pose = page.getByTestId('kit-pose');
  await expect(pose).toContainText(/Which way is up: . points (up|down) \(chosen/, { timeout: 60_000 });
  await expect(pose).toContainText('Turn it with “Which way is up” and rebuild');
  const chosen = await pose.innerText();
  // The model's check finished before the page listened for pushes: it is read again, so its card
  // does not wait for the next poll to stop saying "queued".
  await expect(page.getByTestId('model-job')).toContainText('Done', { timeout: 8_000 });
  await checkScreen(page, project, 'create-draft-pose');

  // Turn it upside down and rebuild.
  const card = page.getByTestId('rebuild-card');
  await card
    .getByTestId('setting-up-axis')
    .getByRole('radio', { name: /^Z points down/ })
    .click();
  await card.getByTestId('rebuild').click();
  await expect(pose).toContainText(/Which way is up: Z points down \(as you chose\)/, { timeout: 60_000 });
  expect(await pose.innerText()).not.toBe(chosen);
  await expect(page.getByTestId('kit-metrics')).toContainText('Fewer blocks');

  // The choice is kept with the draft.
  await page.reload();
  await expect(page.getByTestId('kit-pose')).toContainText('(as you chose)');
  await expect(
    page
      .getByTestId('rebuild-card')
      .getByTestId('setting-up-axis')
      .getByRole('radio', { name: /^Z points down/ }),
  ).toBeChecked();
});
