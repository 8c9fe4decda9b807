/** /admin/moderation/<listingId>: one listing's moderation: flags, reports, history, decisions. */
export { ModerationItemScreen as default } from '../../../src/features/staff/moderation-item-screen';
