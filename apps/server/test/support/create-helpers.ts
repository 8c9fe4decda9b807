/** Helpers for the create-and-publish tests: multipart uploads, drafts, jobs run to completion. */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { AppHandle } from '../../src/app';
import { bearer } from './auth-helpers';

export const STL_MODELS = path.resolve(import.meta.dirname, '../../../../node_modules/stl-models');
export const CUBE_STL = fs.readFileSync(path.join(STL_MODELS, 'polytopes/cube.bin.stl'));

/** A small PNG photo of one colour (a listing's photo); a new colour gives new bytes. */
export function photoPng(colour = '#3a7'): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

export function multipart(
  bytes: Buffer,
  filename: string,
  field = 'file',
  contentType = 'application/octet-stream',
) {
  const boundary = `----kitwright${randomUUID().replaceAll('-', '')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function upload(
  app: FastifyInstance,
  token: string,
  bytes: Buffer,
  filename: string,
  query = '',
) {
  const body = multipart(bytes, filename);
  return app.inject({
    method: 'POST',
    url: `/api/media/uploads${query}`,
    headers: { ...body.headers, ...bearer(token) },
    payload: body.payload,
  });
}

export async function createDraft(
  app: FastifyInstance,
  token: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/design-drafts',
    headers: { ...bearer(token), ...headers },
    payload: body,
  });
  if (res.statusCode !== 201) throw new Error(`draft: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Runs queued jobs in this process until none is left. */
export async function drain(
  services: Pick<AppHandle, 'createRunner'>,
  runner = services.createRunner({ pollMs: 20 }),
) {
  for (let i = 0; i < 20; i++) {
    if (!(await runner.runOnce())) return;
  }
  throw new Error('jobs kept coming');
}

export async function job(app: FastifyInstance, token: string, id: string) {
  return (await app.inject({ url: `/api/jobs/${id}`, headers: bearer(token) })).json();
}

export const PUBLISH_BODY = {
  title: 'A small cube',
  description: 'A neat cube that stands on a desk as a paperweight.',
  tags: ['cube', 'desk'],
  category: 'decor',
  visibility: 'public',
  use_case: 'decorative',
  safety: {
    intended_for_children: false,
    bears_loads_or_people: false,
    contains_electrics: false,
    used_outdoors_in_water: false,
  },
  licence: { accepted: true, version: '2026-11-01' },
};

/** Upload → draft → model job → block-kit job, ready to publish. */
export async function kitReadyDraft(
  app: FastifyInstance,
  services: Pick<AppHandle, 'createRunner'>,
  token: string,
  bytes = CUBE_STL,
  size = 16,
) {
  const up = await upload(app, token, bytes, 'cube.stl');
  const draft = await createDraft(app, token, {
    mode: 'A',
    source_upload_id: up.json().upload.id,
    title: 'Cube',
    settings: { size },
  });
  await app.inject({
    method: 'POST',
    url: `/api/design-drafts/${draft.id}/model-jobs`,
    headers: bearer(token),
  });
  await drain(services);
  await app.inject({
    method: 'POST',
    url: `/api/design-drafts/${draft.id}/block-kit-jobs`,
    headers: bearer(token),
  });
  await drain(services);
  return (await app.inject({ url: `/api/design-drafts/${draft.id}`, headers: bearer(token) })).json();
}

/** A published listing from a prompt (fast), with its translations done; returns the listing. */
export async function publishedListing(
  app: FastifyInstance,
  services: Pick<AppHandle, 'createRunner'>,
  token: string,
  overrides: Partial<typeof PUBLISH_BODY> & { prompt?: string; source_language?: string } = {},
) {
  const { prompt = 'a small tower', source_language, ...publish } = overrides;
  const draft = await createDraft(app, token, {
    mode: 'B',
    prompt,
    settings: { size: 12 },
    ...(source_language ? { source_language } : {}),
  });
  await app.inject({
    method: 'POST',
    url: `/api/design-drafts/${draft.id}/model-jobs`,
    headers: bearer(token),
  });
  await drain(services);
  const res = await app.inject({
    method: 'POST',
    url: `/api/design-drafts/${draft.id}/publish`,
    headers: bearer(token),
    payload: { ...PUBLISH_BODY, ...publish },
  });
  if (res.statusCode !== 201) throw new Error(`publish: ${res.statusCode} ${res.body}`);
  await drain(services);
  return res.json();
}

export const RESERVE_BODY = {
  acknowledgement: { accepted: true, version: '2026-11-01' },
  jurisdiction: 'GB',
  intended_use: 'decorative',
  quantity: 1,
};
