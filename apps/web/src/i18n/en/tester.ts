/** English: tester screens. */
export const tester = {};
