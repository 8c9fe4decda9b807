/** English: founder screens. */
export const founder = {};
