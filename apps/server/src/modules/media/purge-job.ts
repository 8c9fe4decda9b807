/** The media_purge job, where compose.ts and the account module import it from (declared in jobs.ts). */
export { createMediaPurgeHandler, type MediaPurger, mediaPurgeJob } from './jobs';
