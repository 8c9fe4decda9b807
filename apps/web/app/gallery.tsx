/** /gallery: search, filters and sorts kept in the URL, and an endless list of listings. */
export { GalleryScreen as default } from '../src/features/discover/gallery-screen';
