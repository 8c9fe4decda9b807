/**
 * What the create, publish and manage journeys share: a signed-in person with consent answered, a
 * Mode B draft with its kit built through the API, and the publish form's safety answers.
 */
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, presetConsent, registerViaApi, useSession } from './fixtures';

/** A new account, signed in in this page, with the consent banner already answered. */
export async function signedIn(page: Page, prefix: string) {
  const me = await registerViaApi(page.request, prefix);
  await useSession(page, me.auth);
  await presetConsent(page);
  return me;
}

/** A Mode B draft with its kit built, through the API (for tests that are about publishing). */
export async function readyDraft(request: APIRequestContext, token: string, prompt: string): Promise<string> {
  const headers = { authorization: `Bearer ${token}` };
  const draft = await request.post('/api/design-drafts', {
    headers,
    data: { mode: 'B', prompt, settings: { size: 16 } },
  });
  expect(draft.status(), await draft.text()).toBe(201);
  const id = (await draft.json()).id as string;
  const job = await request.post(`/api/design-drafts/${id}/model-jobs`, { headers });
  const jobId = (await job.json()).id as string;
  await expect
    .poll(async () => (await (await request.get(`/api/jobs/${jobId}`, { headers })).json()).status, {
      timeout: 30_000,
    })
    // A degraded job (part of the prompt not used) made a usable kit too.
    .toMatch(/^(succeeded|degraded)$/);
  return id;
}

/** Answers "No" to every safety question of the publish form and ticks the licence. */
export async function answerSafetyNoAndLicence(page: Page): Promise<void> {
  for (const q of [
    'intended_for_children',
    'bears_loads_or_people',
    'contains_electrics',
    'used_outdoors_in_water',
  ])
    await page.getByTestId(`safety-${q}`).getByRole('radio', { name: 'No' }).click();
  await page.getByTestId('publish-licence').click();
}

/** Chooses a use on the publish form by the start of its name. */
export async function chooseUse(page: Page, name: RegExp): Promise<void> {
  await page.getByTestId('publish-use-case').getByRole('radio', { name }).click();
}

/** Chooses a model file on the upload screen (its name shown back) and the kit's size in blocks. */
export async function chooseModel(page: Page, file: string, size: number): Promise<void> {
  await page.getByTestId('model-file-input').setInputFiles(file);
  await expect(page.getByTestId('chosen-file-name')).toHaveText(path.basename(file));
  await page
    .getByTestId('setting-size')
    .getByRole('radio', { name: new RegExp(`^${size} blocks`) })
    .click();
}
