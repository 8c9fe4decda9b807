/**
 * Creating in the browser against the real server and mesher: Mode A upload with a real progress
 * bar (the network is slowed so the bar is seen moving), the job's steps pushed live over the
 * WebSocket, the kit's preview and figures, saving the draft; a broken mesh refused in plain
 * words; Mode B from a prompt (success and the degraded best effort); publishing with gate
 * refusals (a blocked use, a safety answer) and then success, landing on the listing.
 */
import path from 'node:path';
import { answerSafetyNoAndLicence, chooseModel, chooseUse, readyDraft, signedIn } from '../support/create';
import { checkScreen, expect, test } from '../support/fixtures';

const STL = path.resolve(import.meta.dirname, '../../node_modules/stl-models');
const GEARWHEEL = path.join(STL, 'objects/gearwheel.bin.stl');
const OPEN_MESH = path.join(STL, 'broken/missingFace.ascii.stl');

test('Mode A: upload with progress, live job steps, preview and figures, then save the draft', async ({
  page,
  project,
}) => {
  await signedIn(page, 'upa');
  const pushes: string[] = [];
  page.on('websocket', (ws) => ws.on('framereceived', (frame) => pushes.push(String(frame.payload))));

  await page.goto('/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Create a design' })).toBeVisible();
  await checkScreen(page, project, 'create-hub');
  await page.getByTestId('mode-a').click();
  await page.waitForURL(/\/create\/upload$/);
  await expect(page.getByText(/STL, OBJ, PLY, GLB, GLTF, 3MF · up to 64 MB/)).toBeVisible();
  await checkScreen(page, project, 'create-upload');

  await chooseModel(page, GEARWHEEL, 16);
  await page.getByLabel('Name (optional)').fill('Gear wheel coaster');

  // Slow the network so the upload takes a few seconds and its progress can be watched.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 40 * 1024,
  });
  await page.getByTestId('upload-submit').click();
  const bar = page.getByTestId('upload-progress');
  await expect(bar).toBeVisible();
  await expect
    .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 15_000 })
    .toBeGreaterThan(10);
  await checkScreen(page, project, 'create-uploading');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  await page.waitForURL(/\/create\/draft\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(page.getByTestId('draft-title')).toHaveText('Gear wheel coaster');
  await expect(page.getByTestId('kit-job')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('kit-job').getByTestId('job-step-layout')).toContainText(
    'Laying out blocks and fasteners',
  );
  await expect(page.getByTestId('kit-valid')).toContainText('The kit passed every check', {
    timeout: 30_000,
  });
  await expect(page.getByTestId('kit-job').getByTestId('job-step-store')).toContainText('Done');
  // The job's progress reached the page as pushes over the WebSocket, not only by polling.
  expect(pushes.some((p) => p.includes('"topic":"job"') && p.includes('"status":"running"'))).toBe(true);

  const preview = page.getByTestId('kit-preview').getByRole('img').first();
  await expect(preview).toHaveAccessibleName(/Isometric preview of the block kit for Gear wheel coaster/);
  const metrics = page.getByTestId('kit-metrics');
  await expect(metrics).toContainText('Blocks');
  await expect(metrics).toContainText('Fasteners');
  await expect(metrics).toContainText(/25\.6 × 25\.6 × \d+(\.\d)? cm/);
  await expect(metrics).toContainText('Layers');
  // The reduction is given for blocks alone and, honestly, for blocks and pins together.
  await expect(metrics).toContainText('Fewer blocks');
  await expect(metrics).toContainText('Fewer parts, pins counted');
  await checkScreen(page, project, 'create-draft-kit');

  await page.getByLabel('Draft name').fill('Gear wheel coaster, small');
  await page.getByTestId('save-draft').click();
  await expect(page.getByTestId('draft-saved')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('draft-title')).toHaveText('Gear wheel coaster, small');
  await expect(page.getByTestId('continue-publish')).toBeVisible();
});

test('Mode A: a broken mesh and a wrong file are refused in plain words', async ({ page, project }) => {
  await signedIn(page, 'upb');
  await page.goto('/create/upload');
  await page.getByTestId('model-file-input').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a model'),
  });
  await expect(page.getByTestId('pick-error')).toContainText('“notes.txt” is not a model format we read.');

  await page.getByTestId('model-file-input').setInputFiles(OPEN_MESH);
  await page.getByTestId('upload-submit').click();
  const problem = page.getByTestId('upload-problem');
  await expect(problem).toContainText('We could not use this file');
  await expect(problem).toContainText('The model is not a closed shape: its surface has large holes');
  await expect(problem).toContainText('Problem code: NOT_ENCLOSED');
  await checkScreen(page, project, 'create-upload-broken');
});

test('Mode B: a prompt is designed (success); one naming no design is offered the nearest designs, nothing made', async ({
  page,
  project,
}) => {
  await signedIn(page, 'pmt');
  await page.goto('/create/prompt');
  await expect(page.getByRole('heading', { level: 1, name: 'Describe a design' })).toBeVisible();
  await checkScreen(page, project, 'create-prompt');
  await page.getByLabel('Your prompt').fill('a red tower 20 blocks tall with a blue roof');
  await page.getByTestId('prompt-submit').click();
  await page.waitForURL(/\/create\/draft\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('model-job')).toBeVisible();
  await expect(page.getByTestId('generation-success')).toContainText('Designed from your prompt', {
    timeout: 30_000,
  });
  await expect(page.getByTestId('generation-success')).toContainText('Made: tower');
  await expect(page.getByTestId('kit-preview').getByRole('img').first()).toBeVisible();
  await checkScreen(page, project, 'create-prompt-success');

  await page.goto('/create/prompt');
  await page.getByLabel('Your prompt').fill('a purple flumph');
  await page.getByTestId('prompt-submit').click();
  await expect(page.getByTestId('prompt-unknown-design')).toContainText('No design called “flumph” yet');
  await expect(page).toHaveURL(/\/create\/prompt$/);
  await checkScreen(page, project, 'create-prompt-unknown');
  // A name plate of the word is made only when asked for.
  await page.getByTestId('prompt-name-plate').click();
  await expect(page.getByLabel('Your prompt')).toHaveValue('a name plate saying "flumph"');
  await page.getByTestId('prompt-submit').click();
  await page.waitForURL(/\/create\/draft\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('generation-success')).toContainText('Made: nameplate', { timeout: 30_000 });
});

test('publishing: a blocked use and a risky safety answer are refused, then it lands on the listing', async ({
  page,
  project,
}) => {
  const me = await signedIn(page, 'pub');
  const draftId = await readyDraft(page.request, me.auth.access_token, 'a green planter 16 blocks wide');
  await page.goto(`/create/draft/${draftId}`);
  await page.getByTestId('continue-publish').click();
  await page.waitForURL(new RegExp(`/create/draft/${draftId}/publish$`));
  await checkScreen(page, project, 'publish-form');

  const title = `Window planter ${Date.now().toString(36)}`;
  await page.getByLabel('Title').fill(title);
  await page
    .getByLabel('Description')
    .fill('A green planter cover for a windowsill, built from sixteen-block walls.');
  await page.getByLabel('Tags').fill('planter, garden, green');
  await page.getByTestId('publish-category').getByRole('radio', { name: 'Garden' }).click();
  await chooseUse(page, /^Structural or load-bearing/);
  await expect(page.getByTestId('use-case-warning')).toContainText('This use is not allowed');
  await answerSafetyNoAndLicence(page);

  // The server refuses the blocked use.
  await page.getByTestId('publish-submit').click();
  await expect(page.getByTestId('publish-refused')).toContainText('Publishing was refused');
  await expect(page.getByTestId('publish-refused')).toContainText('must not carry structural loads');
  await checkScreen(page, project, 'publish-refused-use');

  // A decorative use, but meant for children: the safety gate refuses it.
  await chooseUse(page, /^Decorative/);
  await page.getByTestId('safety-intended_for_children').getByRole('radio', { name: 'Yes' }).click();
  await page.getByTestId('publish-submit').click();
  await expect(page.getByTestId('publish-refused')).toContainText('cannot be published for use by children');

  await page.getByTestId('safety-intended_for_children').getByRole('radio', { name: 'No' }).click();
  await page.getByTestId('publish-submit').click();
  await page.waitForURL(/\/listing\/window-planter-/);
  await expect(page.getByText(title).first()).toBeVisible();

  // The draft now says it is published and links to its listing.
  await page.goto(`/create/draft/${draftId}`);
  await expect(page.getByText('This draft is published')).toBeVisible();
});
