/**
 * The model and block-kit jobs of a draft, where compose.ts imports them from: defined in jobs.ts
 * over the flows of model-jobs.ts (an upload), prompt-jobs.ts (a prompt) and reference-jobs.ts (a
 * picture), with the kit kept by kit-store.ts.
 */

export { artefactPrefix } from './context';
export { createBlockKitJobHandler, createModelJobHandler, type DraftJobsDeps } from './jobs';
export { degradedReason } from './prompt-jobs';
