/** /listing/<slug>/manage: the designer manages their listing (edit, photos, unpublish, republish, delete). */
export { ManageListingScreen as default } from '../../../src/features/manage/manage-listing-screen';
