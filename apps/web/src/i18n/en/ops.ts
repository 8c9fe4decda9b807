/** English: ops screens. */
export const ops = {};
