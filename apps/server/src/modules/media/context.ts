/**
 * What the media module's flows share: its dependencies (the database, the file store, the mesher
 * and image processes, the upload budget) and the two questions it asks other modules.
 */
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { DB } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import type { ImagePool } from '../../platform/images/pool';
import type { MesherPool } from '../../platform/mesher/pool';
import type { ProductEvents } from '../../platform/product-events';
import type { RateLimiter } from '../../platform/rate-limits';
import type { SignedInUser } from '../../platform/viewer';
import type { StorageProvider } from '../../providers/storage/storage-provider';

export interface MediaDeps {
  db: Kysely<DB>;
  storage: StorageProvider;
  clock: Clock;
  config: Config;
  events: ProductEvents;
  logger: Logger;
  mesher: MesherPool;
  images: ImagePool;
  limiter: RateLimiter;
  /** Whether a visible listing shows the file, so anyone may fetch it (the listings module knows). */
  isPublicFile: (fileId: string) => Promise<boolean>;
  /** Whether the draft an upload names is this person's (the drafts module knows). */
  ownsDraft: (user: SignedInUser, draftId: string) => Promise<boolean>;
}

/** The media flows' context: the module's dependencies as compose.ts gives them. */
export type MediaContext = MediaDeps;
