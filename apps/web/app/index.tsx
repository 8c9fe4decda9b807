/** /: what Kitwright is, the most wanted and newest designs, how it works, and its promises. */
export { HomeScreen as default } from '../src/features/discover/home-screen';
