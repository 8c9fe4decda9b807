/**
 * /_sitemap: expo-router would list every route of the app here; the list is not public, so the
 * address is an ordinary not-found page (the server answers it 404 too).
 */
export { NotFoundScreen as default } from '../src/features/help/not-found-screen';
