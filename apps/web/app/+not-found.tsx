/** Any address without a page of its own (expo-router's +not-found): the app's branded not-found page. */
export { NotFoundScreen as default } from '../src/features/help/not-found-screen';
