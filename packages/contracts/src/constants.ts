/**
 * The plain constants and helpers of the contracts, without the request/response schemas — for
 * clients (the web app) that must not bundle the schema library.
 */
export * from './alerts';
export * from './auth-rules';
export * from './draft-names';
export * from './errors';
export * from './flags';
export * from './gallery-url';
export * from './jobs';
export * from './listing-terms';
export * from './locales';
export * from './phases';
export * from './preorders';
export * from './product-events';
export * from './prompt-uses';
export * from './release-tags';
export * from './roles';
export * from './text-limits';
export * from './use-cases';
