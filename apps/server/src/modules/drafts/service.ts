/**
 * Design drafts: the owner's work in progress from an uploaded model (Mode A) or a prompt
 * (Mode B) to a validated block kit. Only the owner reads or changes a draft; anyone else gets
 * the same 404 as for a draft that does not exist.
 *
 * The service binds the module's flows to one context (context.ts): creating and reading drafts
 * (create.ts, read.ts), editing and deleting them (edit.ts, delete.ts), asking for their jobs
 * (generation.ts), the hand-off to listings (publish.ts), a person's export and erasure
 * (personal-data.ts) and the upload validation figures (stats.ts). The jobs are in jobs.ts.
 */
import { type DraftsContext, type DraftsDeps, owned } from './context';
import { create } from './create';
import { deleteDraft } from './delete';
import { update } from './edit';
import { startBlockKitJob, startModelJob } from './generation';
import { eraseAllOf, exportFor, unlinkListingsOf } from './personal-data';
import { claimForPublish, deleteForListing, linkListing, sourceOf } from './publish';
import { get, list, ownerOf } from './read';
import { uploadValidation } from './stats';
import { toDraft } from './view';

export { refuseBlockedPrompt } from './prompt-design-check';
export type { DraftRow } from './repo';
export {
  DEFAULT_KIT_SIZE,
  modelPassed,
  type NormalisedSettings,
  normaliseReference,
  settingsOf,
} from './settings';
export type { DraftsDeps };

export function createDraftsService(deps: DraftsDeps) {
  const ctx: DraftsContext = deps;
  const bound =
    <A extends unknown[], R>(flow: (ctx: DraftsContext, ...args: A) => R) =>
    (...args: A): R =>
      flow(ctx, ...args);
  return {
    toDraft: bound(toDraft),
    owned: bound(owned),
    uploadValidation: bound(uploadValidation),
    create: bound(create),
    update: bound(update),
    ownerOf: bound(ownerOf),
    get: bound(get),
    list: bound(list),
    startModelJob: bound(startModelJob),
    startBlockKitJob: bound(startBlockKitJob),
    delete: bound(deleteDraft),
    deleteForListing: bound(deleteForListing),
    claimForPublish: bound(claimForPublish),
    sourceOf: bound(sourceOf),
    linkListing: bound(linkListing),
    exportFor: bound(exportFor),
    unlinkListingsOf: bound(unlinkListingsOf),
    eraseAllOf: bound(eraseAllOf),
  };
}

export type DraftsService = ReturnType<typeof createDraftsService>;
