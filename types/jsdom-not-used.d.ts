/**
 * Nothing here runs in jsdom. jest-expo (the app's component tests) installs @types/jsdom, and
 * vitest's types import 'jsdom' as an optional peer: found, it would pull the DOM lib into the Node
 * projects (whose Buffer is then no BlobPart). tsconfig.base.json maps 'jsdom' to this empty module.
 */
export {};
