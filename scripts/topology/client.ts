/**
 * A small HTTP and WebSocket client for a running deployment (a topology's nginx or one of its
 * processes): accounts, uploads, drafts, jobs, publishing. Used by the cross-process suite and
 * bench/topology; it speaks only the public API.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import WebSocket from 'ws';
import { ROOT } from './topology';

export interface Answer {
  status: number;
  body: unknown;
  headers: Headers;
}

export async function call(
  base: string,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; form?: FormData; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    body: options.form ?? (options.body !== undefined ? JSON.stringify(options.body) : undefined),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON (nginx's own pages)
  }
  return { status: res.status, body, headers: res.headers };
}

/** The body as a record, failing loudly when the status is not the one expected. */
export async function expectStatus<T = Record<string, unknown>>(
  answer: Promise<Answer>,
  status: number,
): Promise<T> {
  const a = await answer;
  if (a.status !== status) throw new Error(`expected ${status}, got ${a.status}: ${JSON.stringify(a.body)}`);
  return a.body as T;
}

export interface Account {
  token: string;
  userId: string;
  username: string;
  password: string;
}

export async function registerAccount(base: string): Promise<Account> {
  const username = `t${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const password = 'correct-horse-battery';
  const body = await expectStatus<{ access_token: string; user: { id: string } }>(
    call(base, 'POST', '/api/v1/auth/register', {
      body: { username, email: `${username}@example.com`, password, display_name: 'Topology Tester' },
    }),
    201,
  );
  return { token: body.access_token, userId: body.user.id, username, password };
}

export const CUBE_STL = fs.readFileSync(path.join(ROOT, 'node_modules/stl-models/polytopes/cube.bin.stl'));
export const BUNNY_STL = fs.readFileSync(path.join(ROOT, 'node_modules/stl-models/objects/bunny.bin.stl'));

/** A multipart body with one model file. */
export function modelForm(bytes: Buffer, name = 'model.stl'): FormData {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  return form;
}

export async function uploadModel(base: string, token: string, bytes: Buffer, name: string) {
  const body = await call(base, 'POST', '/api/media/uploads', { token, form: modelForm(bytes, name) });
  if (body.status !== 201 && body.status !== 200)
    throw new Error(`upload: ${body.status} ${JSON.stringify(body.body)}`);
  return (body.body as { upload: { id: string } }).upload;
}

export interface JobView {
  id: string;
  status: string;
  progress: number;
  attempts: number;
}

/** Polls the job through `base` until it is no longer queued or running. */
export async function settledJob(base: string, token: string, jobId: string, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await expectStatus<JobView>(call(base, 'GET', `/api/jobs/${jobId}`, { token }), 200);
    if (job.status !== 'queued' && job.status !== 'running') return job;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${job.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export const PUBLISH_BODY = {
  title: 'A small tower',
  description: 'A small tower that stands on a desk, made to test many processes at once.',
  tags: ['tower', 'test'],
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

export const RESERVE_BODY = {
  acknowledgement: { accepted: true, version: '2026-11-01' },
  jurisdiction: 'GB',
  intended_use: 'decorative',
  quantity: 1,
};

/** A Mode B draft (a prompt: a fast model job) with its model job queued through `base`. */
export async function promptDraftWithJob(base: string, token: string, prompt = 'a small tower') {
  const draft = await expectStatus<{ id: string }>(
    call(base, 'POST', '/api/design-drafts', { token, body: { mode: 'B', prompt, settings: { size: 12 } } }),
    201,
  );
  const job = await expectStatus<JobView>(
    call(base, 'POST', `/api/design-drafts/${draft.id}/model-jobs`, { token }),
    202,
  );
  return { draftId: draft.id, jobId: job.id };
}

export async function publish(base: string, token: string, draftId: string, title = PUBLISH_BODY.title) {
  return expectStatus<{ id: string; slug: string }>(
    call(base, 'POST', `/api/design-drafts/${draftId}/publish`, { token, body: { ...PUBLISH_BODY, title } }),
    201,
  );
}

/** A published listing made from a prompt through `base` (the job runs on whichever worker). */
export async function publishedListing(base: string, token: string, title?: string) {
  const { draftId, jobId } = await promptDraftWithJob(base, token);
  const job = await settledJob(base, token, jobId);
  // Degraded (part of the prompt not used) is a usable kit, published like a succeeded one.
  if (job.status !== 'succeeded' && job.status !== 'degraded') throw new Error(`model job ${job.status}`);
  return publish(base, token, draftId, title);
}

/** A WebSocket to /api/ws, authenticated; collects every message it receives. */
export async function openSocket(base: string, token: string) {
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/api/ws`);
  const inbox: Array<Record<string, unknown>> = [];
  const waiters: Array<() => void> = [];
  ws.on('message', (data) => {
    inbox.push(JSON.parse(String(data)));
    for (const w of waiters.splice(0)) w();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const socket = {
    ws,
    inbox,
    closed,
    /** Waits for the first message (from the start) that `match` accepts. */
    async waitFor(match: (m: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
      for (;;) {
        const found = inbox.find(match);
        if (found) return found;
        await new Promise<void>((r) => waiters.push(r));
      }
    },
    close: () => ws.close(),
  };
  ws.send(JSON.stringify({ type: 'auth', access_token: token }));
  await socket.waitFor((m) => m.type === 'ready');
  return socket;
}
