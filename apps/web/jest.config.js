/**
 * The app's component tests (Jest with jest-expo, the iOS preset: `foo.tsx` is read, not
 * `foo.web.tsx`). Only `*.test.tsx` files: `*.test.ts` files are vitest's (the root config).
 * Run with `npm test -w apps/web`.
 */
const path = require('node:path');

// jest-expo's setup reads React Native's asset registry, which npm keeps inside react-native's own
// node_modules: resolve it from there.
const reactNative = path.dirname(require.resolve('react-native/package.json'));
const assetsRegistry = path.dirname(
  require.resolve('@react-native/assets-registry/package.json', { paths: [reactNative] }),
);

module.exports = {
  preset: 'jest-expo',
  // A budget per test, not a performance check: the first test of a file also pays for rendering
  // the app's modules for the first time, over Jest's 5 s when another job shares the two cores.
  testTimeout: 30_000,
  testMatch: ['<rootDir>/src/**/*.test.tsx'],
  moduleNameMapper: { '^@react-native/assets-registry/(.*)$': `${assetsRegistry}/$1` },
  transformIgnorePatterns: [
    'node_modules/(?!((jest-)?react-native|@react-native(-community)?)|expo(nent)?|@expo(nent)?/.*|expo-modules-core|expo-image-picker|expo-router|standard-navigation|@?react-navigation|@react-navigation/.*|@tanstack/.*|react-native-svg)',
  ],
};
