/** /l/<slug>?s=<code>: a shared link, leading on to the listing with its share code. */
export { SharedLinkScreen as default } from '../../src/features/discover/shared-link-screen';
