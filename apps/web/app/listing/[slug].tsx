/** /listing/<slug>: a listing, its kit in 3D, how to build it, and saving, sharing and interest. */
export { ListingScreen as default } from '../../src/features/discover/listing-screen';
