/** The root layout: providers and the page shell around every route. */
export { RootLayout as default } from '../src/components/root-layout';
